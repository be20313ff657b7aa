package repocheck

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/chatsvc/chat/pkg/httpapi"
)

// The page checks a question before it sends it, with copies of the server's rules in
// web/src/limits.js. These tests read that file and fail when a copy and the server differ.

const pageLimits = "web/src/limits.js"

// jsConst is the value of `export const name = <digits>[ * <digits>...];` in src.
func jsConst(t *testing.T, src, name string) int64 {
	t.Helper()
	m := regexp.MustCompile(`(?m)^export const ` + name + ` = ([0-9_]+(?: \* [0-9_]+)*);`).FindStringSubmatch(src)
	if m == nil {
		t.Fatalf("%s: no `export const %s = <number>;` (a literal, or a product of literals)", pageLimits, name)
	}
	v := int64(1)
	for _, f := range strings.Split(m[1], " * ") {
		n, err := strconv.ParseInt(strings.ReplaceAll(f, "_", ""), 10, 64)
		if err != nil {
			t.Fatalf("%s: %s: %v", pageLimits, name, err)
		}
		v *= n
	}
	return v
}

func TestPageLimitsMatchServer(t *testing.T) {
	src := readFile(t, pageLimits)
	l := httpapi.DefaultLimits
	if got := jsConst(t, src, "MAX_MESSAGES"); got != int64(l.MaxMessages) {
		t.Errorf("%s: MAX_MESSAGES = %d, the server's DefaultLimits.MaxMessages = %d", pageLimits, got, l.MaxMessages)
	}
	if got := jsConst(t, src, "MAX_CONTENT"); got != int64(l.MaxContentChars) {
		t.Errorf("%s: MAX_CONTENT = %d, the server's DefaultLimits.MaxContentChars = %d", pageLimits, got, l.MaxContentChars)
	}
	// The page keeps its bodies under the server's limit, with room to spare.
	if got := jsConst(t, src, "MAX_BODY_BYTES"); got <= 0 || got >= l.MaxBodyBytes {
		t.Errorf("%s: MAX_BODY_BYTES = %d, want under the server's DefaultLimits.MaxBodyBytes = %d", pageLimits, got, l.MaxBodyBytes)
	}
}

func TestPageErrorTextsMatchServer(t *testing.T) {
	src := readFile(t, pageLimits)
	block := regexp.MustCompile(`(?s)export const SPEC_ERRORS = (.*?)\n\}`).FindStringSubmatch(src)
	if block == nil {
		t.Fatalf("%s: no SPEC_ERRORS object", pageLimits)
	}
	got := map[int]string{}
	for _, m := range regexp.MustCompile(`(\d{3}): '([^'\\]*)'`).FindAllStringSubmatch(block[1], -1) {
		status, _ := strconv.Atoi(m[1])
		got[status] = m[2]
	}
	want := map[int]string{
		400: httpapi.MsgInvalidRequest,
		401: httpapi.MsgAPIKeyMissing,
		429: httpapi.MsgRateLimited,
		500: httpapi.MsgServiceError,
	}
	for status, text := range want {
		if got[status] != text {
			t.Errorf("%s: SPEC_ERRORS[%d] = %q, the server says %q", pageLimits, status, got[status], text)
		}
	}
	for status := range got {
		if _, ok := want[status]; !ok {
			t.Errorf("%s: SPEC_ERRORS[%d] is not one of the server's texts this test knows; add it here", pageLimits, status)
		}
	}
}

// TestPageBlankAndControlMatchServer runs the page's isBlank and stripControl (with Node) on
// every code point, and the server's request check on each one: the page must refuse a blank
// question, and strip a control character, exactly where the server would refuse it.
// Characters that Go's Unicode tables do not know yet are left out: the server counts them
// as blank, a newer Unicode in Node or the browser may not, and neither rule is wrong.
func TestPageBlankAndControlMatchServer(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	const script = `
const { isBlank, stripControl } = await import(process.argv[1]);
const blank = [], control = [];
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  const s = String.fromCodePoint(cp);
  if (isBlank(s)) blank.push(cp);
  if (stripControl(s) !== s) control.push(cp);
}
process.stdout.write(JSON.stringify({ blank, control }));
`
	cmd := exec.Command(node, "--input-type=module", "-e", script, "file://"+repoRoot(t)+"/"+pageLimits)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var page struct{ Blank, Control []rune }
	if err := json.Unmarshal(out, &page); err != nil {
		t.Fatalf("node's output: %v", err)
	}
	pageBlank, pageControl := map[rune]bool{}, map[rune]bool{}
	for _, r := range page.Blank {
		pageBlank[r] = true
	}
	for _, r := range page.Control {
		pageControl[r] = true
	}

	// refused reports whether the server refuses a request whose one message is content.
	refused := func(content string) bool {
		body, _ := json.Marshal(map[string]any{"messages": []map[string]string{{"role": "user", "content": content}}})
		_, err := httpapi.DecodeRequest(strings.NewReader(string(body)), httpapi.DefaultLimits)
		return err != nil
	}
	known := func(r rune) bool {
		return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Z, unicode.Cc, unicode.Cf, unicode.Co)
	}
	var blankDiffs, controlDiffs []string
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF || !known(r) {
			continue
		}
		// Between two letters only a control character makes the server refuse the text.
		if server := refused("a" + string(r) + "a"); server != pageControl[r] {
			controlDiffs = append(controlDiffs, diff(r, "refuses", server, "strips", pageControl[r]))
		}
		// Alone, a character that is not a control character is refused only when blank.
		if unicode.IsControl(r) && r != '\t' && r != '\n' && r != '\r' {
			continue
		}
		if server := refused(string(r)); server != pageBlank[r] {
			blankDiffs = append(blankDiffs, diff(r, "refuses as blank", server, "isBlank", pageBlank[r]))
		}
	}
	report := func(what string, diffs []string) {
		if len(diffs) > 0 {
			t.Errorf("%s: %s disagrees with the server on %d code points, e.g.:\n%s", pageLimits, what, len(diffs), strings.Join(diffs[:min(len(diffs), 20)], "\n"))
		}
	}
	report("stripControl", controlDiffs)
	report("isBlank", blankDiffs)
}

// TestPageModulesStaySmall keeps every module of the page readable in one sitting.
func TestPageModulesStaySmall(t *testing.T) {
	const maxLines = 300
	files, err := filepath.Glob(filepath.Join(repoRoot(t), "web", "src", "*.js"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no web/src/*.js (%v)", err)
	}
	for _, f := range files {
		rel, _ := filepath.Rel(repoRoot(t), f)
		if n := strings.Count(readFile(t, rel), "\n"); n > maxLines {
			t.Errorf("%s has %d lines; split it (at most %d)", rel, n, maxLines)
		}
	}
}

func diff(r rune, serverSays string, server bool, pageSays string, page bool) string {
	return strconv.QuoteRuneToASCII(r) + ": the server " + map[bool]string{true: "", false: "never "}[server] + serverSays +
		", the page's " + pageSays + " is " + strconv.FormatBool(page)
}
