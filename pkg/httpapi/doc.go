// Package httpapi is HTTP as an adapter of the domain (package chat): the routes (routes.go,
// every one of them), the handler that runs one request (handler.go), one file per wire
// protocol with its decoder and encoder behind one interface (spec.go, ui.go, openai.go,
// picked by protocolFor in protocol.go), the one error type and its rendering (errors.go),
// request validation (request.go, text.go), the request log (requestlog.go), and what a
// browser-facing local server adds (site.go).
package httpapi
