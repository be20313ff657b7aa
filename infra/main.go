// Command infra is the CDK app: one stack per stage of pkg/deploy/stage's table, named chat-<stage>.
// `-c stage=<name>` makes the app hold that stage's stack alone; without it the app holds them
// all, so `cdk list` names them and `cdk deploy` asks which one (or takes `chat-prod`, `--all`).
//
//	cd infra && npx aws-cdk@2.1148.1 synth -c stage=dev    # or from the repository root
//	cd infra && npx aws-cdk@2.1148.1 deploy -c stage=prod
//
// Unless told otherwise, the app first runs `make build web` at the repository root, so what is
// deployed is always the code of the working tree (make and Go's build cache make this quick
// when nothing changed). Optional context: build=false to skip that step, assetDir (default
// <repo>/.build/chat) and webDir (default <repo>/web/dist); a given assetDir or webDir is used
// as it is, never rebuilt.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"

	"github.com/chatsvc/chat/infra/stack"
	"github.com/chatsvc/chat/pkg/deploy/stage"
)

func main() {
	err := run(os.Stderr)
	jsii.Close()
	if err != nil {
		// A line of its own: the CDK CLI may print its own text just before.
		fmt.Fprintln(os.Stderr, "\ninfra:", err)
		os.Exit(1)
	}
}

func run(stderr io.Writer) error {
	app := awscdk.NewApp(nil)
	stages := stage.Stages()
	if name, _ := app.Node().TryGetContext(jsii.String("stage")).(string); name != "" {
		st, err := stage.Lookup(name)
		if err != nil {
			return err
		}
		stages = []stage.Stage{st}
	}
	root, err := repoRoot()
	if err != nil {
		return err
	}
	assetDir := contextPath(app, "assetDir", "")
	webDir := contextPath(app, "webDir", "")
	if build, _ := app.Node().TryGetContext(jsii.String("build")).(string); build != "false" && (assetDir == "" || webDir == "") {
		if err := buildArtifacts(root, stderr); err != nil {
			return err
		}
	}
	if assetDir == "" {
		assetDir = filepath.Join(root, ".build", "chat")
	}
	if webDir == "" {
		webDir = filepath.Join(root, "web", "dist")
	}
	for _, st := range stages {
		if _, err := stack.New(app, "chat-"+st.Name, stack.Props{
			StackProps: awscdk.StackProps{
				StackName:   jsii.String("chat-" + st.Name),
				Description: jsii.String(fmt.Sprintf("chat service, %s stage (%s plan, %d s max duration)", st.Name, st.Plan, st.MaxDurationSeconds())),
			},
			Stage:            st,
			AlarmEmail:       contextString(app, "alarmEmail"),
			FunctionAssetDir: assetDir,
			WebDir:           webDir,
		}); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "infra: stage %s (stack chat-%s): function from %s, page from %s\n", st.Name, st.Name, assetDir, webDir)
	}
	app.Synth(nil)
	return nil
}

// buildArtifacts runs `make build web` at the repository root: the arm64 bootstrap and the page.
func buildArtifacts(root string, stderr io.Writer) error {
	cmd := exec.Command("make", "--no-print-directory", "-C", root, "build", "web")
	cmd.Stdout, cmd.Stderr = stderr, stderr // stdout is the CDK CLI's
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("building the function and the page (make build web in %s) failed: %w; "+
			"fix that, or build them yourself and pass -c build=false", root, err)
	}
	return nil
}

// contextString reads a string from the CDK context, "" when absent.
func contextString(app awscdk.App, key string) string {
	v, _ := app.Node().TryGetContext(jsii.String(key)).(string)
	return v
}

// contextPath reads a path from the CDK context, falling back to def.
func contextPath(app awscdk.App, key, def string) string {
	if v, ok := app.Node().TryGetContext(jsii.String(key)).(string); ok && v != "" {
		abs, err := filepath.Abs(v)
		if err == nil {
			return abs
		}
		return v
	}
	return def
}

// repoRoot finds the directory holding go.mod, so the app works from infra/ (cdk.json) as well
// as from the repository root.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("repository root (go.mod) not found above the working directory")
		}
		dir = parent
	}
}
