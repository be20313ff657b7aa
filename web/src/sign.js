// The deployed endpoint sits behind CloudFront's origin access control, which requires
// every POST to carry x-amz-content-sha256: the lowercase hex SHA-256 of the exact body
// bytes (CloudFront signs the request to the function with it).

/** CONTENT_SHA256 is the header's name. */
export const CONTENT_SHA256 = 'x-amz-content-sha256';

/**
 * contentSha256 is the lowercase hex SHA-256 of body's UTF-8 bytes, or null where Web Crypto
 * is unavailable (a page served over plain http from another host than localhost).
 * @param {string} body
 * @param {SubtleCrypto | null | undefined} subtle
 * @returns {Promise<string | null>}
 */
export async function contentSha256(body, subtle = globalThis.crypto?.subtle) {
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(body));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
