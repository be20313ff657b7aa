package repocheck

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMakeBrowser runs `make browser` against made-up machines: a fake apt-get records whether
// it was called, a fake id plays root or not, DEBIAN_CHROMIUM hides this machine's own
// chromium and PLAYWRIGHT_BROWSERS_PATH its playwright Chromes.
func TestMakeBrowser(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	root := repoRoot(t)
	hasPlaywright := exists(filepath.Join(root, "web", "node_modules", "playwright-core", "package.json"))

	type machine struct {
		chromiumPath    string // CHROMIUM_PATH: "exec" a fake browser, "plain" a non-executable file, "name" a command on PATH
		playwright      bool   // a Chrome where playwright-core looks
		uid             string // what `id -u` says
		sudo            bool   // a sudo that works without a password
		wantOK, wantApt bool
		wantOut         []string
	}
	tests := map[string]machine{
		"CHROMIUM_PATH points at a browser": {chromiumPath: "exec", uid: "1000", wantOK: true, wantOut: []string{"browser: "}},
		"CHROMIUM_PATH is not executable":   {chromiumPath: "plain", uid: "0", wantOut: []string{"CHROMIUM_PATH=", "not an executable"}},
		"CHROMIUM_PATH names a command":     {chromiumPath: "name", uid: "1000", wantOK: true, wantOut: []string{"fake-chrome-on-path"}},
		"playwright-core finds a Chrome":    {playwright: true, uid: "1000", wantOK: true, wantOut: []string{"ms-playwright-fake"}},
		"none, not root, no sudo":           {uid: "1000", wantOut: []string{"needs root", "CHROMIUM_PATH", "apt-get install chromium"}},
		"none, root":                        {uid: "0", wantOK: true, wantApt: true},
		"none, sudo without a password":     {uid: "1000", sudo: true, wantOK: true, wantApt: true},
	}
	for name, m := range tests {
		t.Run(name, func(t *testing.T) {
			if m.playwright && !hasPlaywright {
				t.Skip("web/node_modules has no playwright-core: run make web-deps")
			}
			tmp := t.TempDir()
			bin := filepath.Join(tmp, "bin")
			aptCalled := filepath.Join(tmp, "apt-called")
			write(t, filepath.Join(bin, "apt-get"), "#!/bin/sh\necho \"$@\" >> "+aptCalled+"\n", 0o755)
			write(t, filepath.Join(bin, "id"), "#!/bin/sh\nif [ \"$1\" = -u ]; then echo "+m.uid+"; else exec /usr/bin/id \"$@\"; fi\n", 0o755)
			sudo := filepath.Join(tmp, "no-such-sudo")
			if m.sudo {
				sudo = filepath.Join(bin, "fake-sudo")
				write(t, sudo, "#!/bin/sh\n[ \"$1\" = -n ] && shift\nexec \"$@\"\n", 0o755)
			}
			env := append(withoutEnv(os.Environ(), "CHROMIUM_PATH", "MAKEFLAGS", "MAKELEVEL", "MFLAGS"),
				"PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"),
				"PLAYWRIGHT_BROWSERS_PATH="+filepath.Join(tmp, "ms-playwright-fake"),
			)
			switch m.chromiumPath {
			case "exec":
				p := filepath.Join(tmp, "my-chrome")
				write(t, p, "#!/bin/sh\n", 0o755)
				env = append(env, "CHROMIUM_PATH="+p)
			case "name":
				write(t, filepath.Join(bin, "fake-chrome-on-path"), "#!/bin/sh\n", 0o755)
				env = append(env, "CHROMIUM_PATH=fake-chrome-on-path")
			case "plain":
				p := filepath.Join(tmp, "my-chrome")
				write(t, p, "not a program", 0o644)
				env = append(env, "CHROMIUM_PATH="+p)
			}
			if m.playwright {
				// Where playwright-core looks under PLAYWRIGHT_BROWSERS_PATH, as it says itself.
				cmd := exec.Command("node", "--input-type=module", "-e", "import {chromium} from 'playwright-core'; console.log(chromium.executablePath())")
				cmd.Dir = filepath.Join(root, "web")
				cmd.Env = env
				out, err := cmd.Output()
				if err != nil {
					t.Fatal(err)
				}
				write(t, strings.TrimSpace(string(out)), "#!/bin/sh\n", 0o755)
			}

			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			// -o web-deps: the npm packages are not what this is about (make test installs them first).
			cmd := exec.CommandContext(ctx, "make", "--no-print-directory", "-o", "web-deps", "browser",
				"DEBIAN_CHROMIUM="+filepath.Join(tmp, "no-debian-chromium"), "SUDO="+sudo)
			cmd.Dir = root
			cmd.Env = env
			cmd.Stdin = nil // no terminal: a password prompt would fail rather than wait
			out, err := cmd.CombinedOutput()
			if ctx.Err() != nil {
				t.Fatalf("make browser did not finish within a minute (a prompt?):\n%s", out)
			}
			if ok := err == nil; ok != m.wantOK {
				t.Errorf("make browser: err %v, want success %v\n%s", err, m.wantOK, out)
			}
			if called := exists(aptCalled); called != m.wantApt {
				t.Errorf("apt-get called: %v, want %v\n%s", called, m.wantApt, out)
			}
			for _, w := range m.wantOut {
				if !strings.Contains(string(out), w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if strings.Contains(string(out), "[sudo] password") {
				t.Errorf("asked for a password:\n%s", out)
			}
		})
	}
}

func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func write(t *testing.T, p, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

// withoutEnv drops the named variables from env.
func withoutEnv(env []string, names ...string) []string {
	var out []string
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, n := range names {
			drop = drop || k == n
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return out
}
