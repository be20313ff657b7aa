package tokenfacts

// CleanText exposes the sanitiser to the external tests, which check it on more inputs than
// the fixtures hold.
var CleanText = cleanText
