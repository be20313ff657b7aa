package main

import (
	"net/http"

	"github.com/chatsvc/chat/pkg/config"
	"github.com/chatsvc/chat/pkg/deploy/settings"
	"github.com/chatsvc/chat/pkg/httpapi"
)

// ContentSHA256Header is the header CloudFront's origin access control requires of a POST to
// a Lambda Function URL (httpapi.ContentSHA256Header).
const ContentSHA256Header = httpapi.ContentSHA256Header

// localSite is what the local server serves beside the API (pkg/httpapi's routes.go lists
// every route): the built page, its config.json, and the guards a browser-facing server puts
// in front of the API.
func localSite(cfg config.Config, demo bool) *httpapi.Site {
	return &httpapi.Site{
		Dir: http.Dir(cfg.WebDir),
		Page: settings.Page{
			CooldownSeconds: int(cfg.MaxDuration.Seconds()), Demo: &demo,
			MaxMessages: cfg.Limits.MaxMessages, MaxContentChars: cfg.Limits.MaxContentChars, MaxBodyBytes: cfg.Limits.MaxBodyBytes,
		},
		Guard: httpapi.Guard(httpapi.GuardOptions{
			Origins: cfg.CORSOrigins, Loopback: settings.LoopbackHost(cfg.Host),
			CheckContentSHA256: cfg.CheckContentSHA256, MaxBodyBytes: cfg.Limits.MaxBodyBytes,
		}),
	}
}
