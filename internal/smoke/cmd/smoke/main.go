// Command smoke asks the real model provider, through the real local server, one plain
// question and one with a contract address, with the key in AIPROVIDER_GENERATIVE_AI_API_KEY
// (see package smoke). Without a key it says it skipped and exits 0; any failure exits 1.
//
//	make smoke
//	AIPROVIDER_BASE_URL=https://my-proxy.example/ go run ./internal/smoke/cmd/smoke
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"github.com/chatsvc/chat/internal/smoke"
)

func main() {
	root := flag.String("root", ".", "module root (where functions/chat is)")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	err := smoke.Run(ctx, smoke.Options{Root: *root, Environ: os.Environ(), Stdout: os.Stdout})
	switch {
	case errors.Is(err, smoke.ErrSkipped):
	case err != nil:
		fmt.Fprintln(os.Stderr, "smoke:", err)
		os.Exit(1)
	}
}
