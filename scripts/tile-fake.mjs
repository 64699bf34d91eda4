#!/usr/bin/env node
// The demo's and the e2e stack's map tiles: a loopback stand-in for an OpenStreetMap-compatible tile server,
// so neither ever asks a real provider. Any /{z}/{x}/{y}.png answers a generated 256 px PNG (a plain ground,
// a street grid and the word SIMULATION), the same for every place: the maps work, and say they are simulated.
// The public site reaches it through MAP_TILE_URL=http://localhost:<port>/{z}/{x}/{y}.png.
//   node scripts/tile-fake.mjs <port>
import { createServer } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: node scripts/tile-fake.mjs <port>');
  process.exit(2);
}

const SIZE = 256;
// 5x7 glyphs of the letters of SIMULATION, one string of 35 pixels per letter, row by row.
const GLYPHS = {
  S: '01111100001000001110000010000111110',
  I: '11111001000010000100001000010011111',
  M: '10001110111010110001100011000110001',
  U: '10001100011000110001100011000101110',
  L: '10000100001000010000100001000011111',
  A: '01110100011000111111100011000110001',
  T: '11111001000010000100001000010000100',
  O: '01110100011000110001100011000101110',
  N: '10001110011010110011100011000110001',
};

/** The tile's pixels, RGB: ground, a street every 64 px, and SIMULATION written twice its glyph size. */
function tilePixels(odd) {
  const ground = odd ? [236, 233, 226] : [230, 227, 220];
  const street = [255, 255, 255];
  const ink = [150, 140, 130];
  const pixels = Buffer.alloc(SIZE * SIZE * 3);
  const put = (x, y, [r, g, b]) => {
    const at = (y * SIZE + x) * 3;
    pixels[at] = r;
    pixels[at + 1] = g;
    pixels[at + 2] = b;
  };
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) put(x, y, x % 64 < 3 || y % 64 < 3 ? street : ground);
  const word = 'SIMULATION';
  const scale = 2;
  const left = Math.floor((SIZE - word.length * 6 * scale) / 2);
  const top = 120;
  [...word].forEach((letter, i) => {
    const glyph = GLYPHS[letter];
    for (let gy = 0; gy < 7; gy++)
      for (let gx = 0; gx < 5; gx++)
        if (glyph[gy * 5 + gx] === '1')
          for (let dy = 0; dy < scale; dy++)
            for (let dx = 0; dx < scale; dx++)
              put(left + (i * 6 + gx) * scale + dx, top + gy * scale + dy, ink);
  });
  return pixels;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function png(pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc(SIZE * (SIZE * 3 + 1));
  for (let y = 0; y < SIZE; y++) pixels.copy(rows, y * (SIZE * 3 + 1) + 1, y * SIZE * 3, (y + 1) * SIZE * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Two grounds in a checkerboard, so the tiles' edges show when the map moves.
const TILES = [png(tilePixels(false)), png(tilePixels(true))];
let served = 0;

createServer((request, response) => {
  const match = /^\/(\d{1,2})\/(\d{1,8})\/(\d{1,8})\.png$/.exec(request.url ?? '');
  if (request.method === 'GET' && match) {
    served++;
    const [, , x, y] = match.map(Number);
    response.writeHead(200, {
      'Content-Type': 'image/png',
      'Cache-Control': 'public, max-age=86400',
      // The site's pages (another port) draw these tiles: plain images, no credentials.
      'Access-Control-Allow-Origin': '*',
    });
    response.end(TILES[(x + y) % 2]);
    return;
  }
  if (request.method === 'GET' && request.url === '/') {
    response.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(
      `Simulation — serveur de tuiles local : aucune tuile OpenStreetMap n'est demandée. ${served} tuiles servies.\n`,
    );
    return;
  }
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
  response.end('Tuile inconnue : /{z}/{x}/{y}.png\n');
}).listen(port, '127.0.0.1', () =>
  console.log(`tile fake (simulation) on http://localhost:${port}/{z}/{x}/{y}.png`),
);
