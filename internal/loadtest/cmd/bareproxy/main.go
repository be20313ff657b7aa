// Command bareproxy is the floor the chat server is measured against (proxybench): the
// genai client streaming each upstream chunk into one data: 0: line, flushed at once, then
// d:, and nothing else (loadtest.BareProxy). It reads the same settings as the chat server
// (AIPROVIDER_BASE_URL, AIPROVIDER_GENERATIVE_AI_API_KEY, PORT) and prints the same
// "chat: serving" line; it has no /healthz (loadtest.StartBareProxy waits for any answer to it,
// a 400). Built with -tags mandated it also links the AWS SDK's SSM client and
// the Lambda runtime (mandated.go), the floor the design puts under the chat server.
package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"

	"github.com/chatsvc/chat/internal/loadtest"
	"google.golang.org/genai"
)

// loadKey and serveLambda are what the build tag mandated links (mandated.go): reading the key
// from SSM into AIPROVIDER_GENERATIVE_AI_API_KEY, and serving in Lambda. Without it they do
// nothing.
var (
	loadKey     = func(context.Context) {}
	serveLambda = func(http.Handler) {}
)

func main() {
	ctx := context.Background()
	loadKey(ctx)
	gc, err := genai.NewClient(ctx, &genai.ClientConfig{
		APIKey: os.Getenv("AIPROVIDER_GENERATIVE_AI_API_KEY"), Backend: genai.BackendGeminiAPI,
		HTTPOptions: genai.HTTPOptions{BaseURL: os.Getenv("AIPROVIDER_BASE_URL"), APIVersion: "v1beta"},
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "bareproxy:", err)
		os.Exit(1)
	}
	h := loadtest.BareProxy(gc)
	serveLambda(h)
	ln, err := net.Listen("tcp", "127.0.0.1:"+os.Getenv("PORT"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "bareproxy:", err)
		os.Exit(1)
	}
	fmt.Printf("chat: serving http://%s (POST /api/chat)\n", ln.Addr())
	_ = http.Serve(ln, h)
}
