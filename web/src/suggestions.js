// The document of the search-suggestions frame: the provider's HTML (d:'s searchSuggestions,
// with its own <style>) shown as given, in a sandboxed srcdoc frame (metadata.js). Its first
// element is a Content-Security-Policy that lets it load nothing: no image, font, stylesheet or
// frame from anywhere (a remote image could track the reader), only its inline styles and
// data: images. Links are navigations, which the policy leaves alone: they open in a new tab.

/** SUGGESTIONS_CSP is the frame's own policy, on top of the page's (which it inherits). */
export const SUGGESTIONS_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/**
 * suggestionsDoc is the srcdoc of the frame that shows html.
 * @param {string} html the provider's HTML
 */
export function suggestionsDoc(html) {
  return `<!doctype html><meta http-equiv="Content-Security-Policy" content="${SUGGESTIONS_CSP}">` +
    '<meta charset="utf-8"><meta name="color-scheme" content="light dark">' +
    '<base target="_blank"><style>html{background:transparent;overflow:hidden}' +
    'body{margin:0;display:flow-root;color:CanvasText;font-family:system-ui,sans-serif}</style>' +
    html;
}
