/** js-md4 ships no types; the EWS fake only needs the digest of a buffer (Node's OpenSSL 3 has no MD4). */
declare module 'js-md4' {
  export function arrayBuffer(message: Uint8Array | string): ArrayBuffer;
}
