package repocheck

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// shellBlock is one ```sh or ```bash block of a Markdown file.
type shellBlock struct {
	file string
	line int // of the opening fence
	text string
}

func (b shellBlock) String() string { return fmt.Sprintf("%s:%d", b.file, b.line) }

var fence = regexp.MustCompile("^(\\s*)```\\s*([A-Za-z]*)\\s*$")

// shellBlocks returns the sh and bash blocks of a Markdown text, with the fence's indentation
// (a block inside a list item) taken off every line.
func shellBlocks(file, md string) []shellBlock {
	var blocks []shellBlock
	var cur *shellBlock
	var indent string
	inOther := false
	for i, line := range strings.Split(md, "\n") {
		m := fence.FindStringSubmatch(line)
		switch {
		case cur != nil && m != nil && m[2] == "":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.text += strings.TrimPrefix(line, indent) + "\n"
		case inOther && m != nil && m[2] == "":
			inOther = false
		case inOther:
		case m != nil && (m[2] == "sh" || m[2] == "bash"):
			cur = &shellBlock{file: file, line: i + 1}
			indent = m[1]
		case m != nil:
			inOther = true
		}
	}
	return blocks
}

// TestDocShellBlocksPaste checks every sh/bash block of README.md, web/README.md and docs/*.md
// as a reader would paste it, whole and as it is, into one shell: bash -n finds no syntax
// error (a placeholder such as <API_KEY> is one: a redirection), shellcheck (when installed:
// apt-get install shellcheck) no warning, the block does not change directory a second time
// without returning (a second `cd infra` after a first one fails on paste), a prompt (read) is
// the block's last command (pasted, read would take the next line as its answer), and a
// command that serves until Ctrl-C is its last too.
func TestDocShellBlocksPaste(t *testing.T) {
	var blocks []shellBlock
	for _, f := range docFiles(t) {
		blocks = append(blocks, shellBlocks(f, readFile(t, f))...)
	}
	if len(blocks) < 10 {
		t.Fatalf("found only %d shell blocks; is the fence parser broken?", len(blocks))
	}
	shellcheck, err := exec.LookPath("shellcheck")
	if err != nil {
		t.Log("shellcheck is not installed (apt-get install shellcheck): only bash -n and the cd check run")
	}
	for _, b := range blocks {
		script := b.text
		if out, err := run(script, "bash", "-n"); err != nil {
			t.Errorf("%s: bash -n: %v\n%s\n%s", b, err, out, b.text)
		}
		if err := cdTwice(script); err != nil {
			t.Errorf("%s: %v\n%s", b, err, b.text)
		}
		if err := promptNotLast(script); err != nil {
			t.Errorf("%s: %v\n%s", b, err, b.text)
		}
		// The README's opening block is the guide's pair of commands, one to run the service
		// and one to run the tests, each used on its own.
		if b.file != "README.md" || b.line != 3 {
			if err := serverNotLast(script); err != nil {
				t.Errorf("%s: %v\n%s", b, err, b.text)
			}
		}
		if shellcheck != "" {
			// SC2034 (assigned but unused): a block may set what the next one uses.
			if out, err := run(script, shellcheck, "--shell=bash", "--format=gcc", "--exclude=SC2034", "-"); err != nil {
				t.Errorf("%s: shellcheck: %v\n%s\n%s", b, err, out, b.text)
			}
		}
	}
}

// foreground matches a command that runs the service in the foreground until Ctrl-C.
var foreground = regexp.MustCompile(`^(\w+=\S*\s+)*(make\s+(run|demo)|go\s+run\s+(-tags\s+\S+\s+)?\./functions/chat|(\S*\.build/\S*|\./)chat(\s+-demo)?|sam\s+local\s+start-api)(\s|$)`)

// prompt matches a command that reads its answer from the terminal.
var prompt = regexp.MustCompile(`(^|[;&|]\s*)read\s`)

// promptNotLast reports a block with a prompt and commands after it: pasted, the prompt would
// take the next line as its answer (a key, say) and that line would not run.
func promptNotLast(script string) error {
	return notLast(script, prompt, "%q prompts, and pasting the block would answer it with %q: put the prompt in a block of its own")
}

// serverNotLast reports a block that starts the service in the foreground and has commands
// after it: pasted, they would wait until the server is stopped, and the Ctrl-C that stops it
// drops them.
func serverNotLast(script string) error {
	return notLast(script, foreground, "%q runs until Ctrl-C, and %q after it would not run when pasted: end the block with it, or split the block")
}

// notLast reports the first command of a block that matches re and is followed by another;
// format names the two.
func notLast(script string, re *regexp.Regexp, format string) error {
	cmds := commands(script)
	for i, c := range cmds {
		if re.MatchString(c) && i < len(cmds)-1 {
			return fmt.Errorf(format, c, cmds[i+1])
		}
	}
	return nil
}

// commands returns a block's command lines, continuation lines joined and comments dropped.
func commands(script string) []string {
	var cmds []string
	for _, line := range strings.Split(strings.ReplaceAll(script, "\\\n", " "), "\n") {
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			cmds = append(cmds, line)
		}
	}
	return cmds
}

func run(stdin, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// cdTwice reports a script that changes directory and then changes it again without having
// come back: `cd` (or pushd) outside a subshell ( ... ) while an earlier one still holds.
// `cd -`, `cd "$OLDPWD"` and popd come back. It reads the shell coarsely: quotes and comments
// are skipped, and command words are split at ; & | and newlines.
func cdTwice(script string) error {
	script = strings.ReplaceAll(script, "\\\n", " ")
	var words []string // the words of the current command
	depth := 0         // ( and $( nesting
	away := ""         // the cd that moved away, or ""
	word := strings.Builder{}
	endWord := func() {
		if word.Len() > 0 {
			words = append(words, word.String())
			word.Reset()
		}
	}
	endCommand := func() error {
		endWord()
		defer func() { words = nil }()
		if depth > 0 || len(words) == 0 {
			return nil
		}
		cmd := strings.Join(words, " ")
		switch words[0] {
		case "cd", "pushd":
			if len(words) > 1 && (words[1] == "-" || words[1] == "$OLDPWD") {
				away = ""
				return nil
			}
			if away != "" {
				return fmt.Errorf("`%s` after `%s`: the second change of directory starts from the first one's (use a subshell: (cd dir && ...))", cmd, away)
			}
			away = cmd
		case "popd":
			away = ""
		}
		return nil
	}
	for i := 0; i < len(script); i++ {
		c := script[i]
		switch {
		case c == '\'' || c == '"':
			end := strings.IndexByte(script[i+1:], c)
			if end < 0 {
				return nil // bash -n reports it
			}
			word.WriteString(script[i+1 : i+1+end])
			i += end + 1
		case c == '#' && word.Len() == 0:
			for i < len(script) && script[i] != '\n' {
				i++
			}
			i--
		case c == '(':
			if err := endCommand(); err != nil {
				return err
			}
			depth++
		case c == ')':
			if err := endCommand(); err != nil {
				return err
			}
			depth--
		case c == ';' || c == '&' || c == '|' || c == '\n':
			if err := endCommand(); err != nil {
				return err
			}
		case c == ' ' || c == '\t':
			endWord()
		default:
			word.WriteByte(c)
		}
	}
	return endCommand()
}

func TestCdTwice(t *testing.T) {
	for script, wantErr := range map[string]bool{
		"cd infra && npx cdk diff\ncd infra && npx cdk deploy\n":   true,
		"cd infra\nnpx cdk diff\nnpx cdk deploy\n":                 false,
		"(cd infra && npx cdk diff)\n(cd infra && npx cdk deploy)": false,
		"cd web && npm test\ncd - && make\ncd infra":               false,
		"echo 'cd a; cd b'   # cd x; cd y":                         false,
		"x=$(cd a && pwd)\ncd b\ncd c":                             true,
		"pushd a\npopd\npushd b":                                   false,
	} {
		if err := cdTwice(script); (err != nil) != wantErr {
			t.Errorf("cdTwice(%q) = %v, want error %v", script, err, wantErr)
		}
	}
}

func TestNotLast(t *testing.T) {
	for script, want := range map[string][2]bool{ // {prompt error, server error}
		"read -rs KEY\naws ssm put-parameter --value \"$KEY\"\n": {true, false},
		"read -rsp 'Key: ' KEY && echo   # paste it\n":           {false, false},
		"export A=1 && read -r B\n# done\n":                      {false, false},
		"true; read X\necho $X\n":                                {true, false},
		"echo ready # read the docs\nmake run\n":                 {false, false},
		"make run\ncurl localhost:8080\n":                        {false, true},
		"PORT=9000 make demo   # Ctrl-C stops it\n":              {false, false},
	} {
		if err := promptNotLast(script); (err != nil) != want[0] {
			t.Errorf("promptNotLast(%q) = %v, want error %v", script, err, want[0])
		}
		if err := serverNotLast(script); (err != nil) != want[1] {
			t.Errorf("serverNotLast(%q) = %v, want error %v", script, err, want[1])
		}
	}
}
