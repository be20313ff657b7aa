package datastream_test

import (
	"io"
	"testing"

	"github.com/chatsvc/chat/pkg/wire/datastream"
)

// BenchmarkWriterText is the encoder's cost per 0: line: one typical model chunk (about 60
// bytes of Markdown with a newline and a quote) to io.Discard.
func BenchmarkWriterText(b *testing.B) {
	const chunk = "**ETH** trades near $3,000 today.\nSources say \"volatile\" & <thin>."
	w := datastream.NewWriter(io.Discard)
	b.ReportAllocs()
	b.SetBytes(int64(len(chunk)))
	for b.Loop() {
		if err := w.Text(chunk); err != nil {
			b.Fatal(err)
		}
	}
}
