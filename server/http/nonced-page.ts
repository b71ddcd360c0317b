// A page (HTML document) that differs between answers only by its CSP nonce, kept deflated: the
// text between the nonce's places is compressed once, when the page is read or rendered again, and
// each gzip answer joins those pieces around its own nonce (decision 044). Compressing per answer
// would cost more than the rest of the answer together; a nonce may never be reused.
//
// It is plain deflate (RFC 1951/1952), which every gzip reader takes: each piece ends on a
// byte boundary (a sync flush), the nonce goes between them as a stored block, an empty final
// block closes the stream, and the trailer's CRC is carried through the pieces per answer.
import { constants, crc32, deflateRawSync } from 'node:zlib';

// ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
// BFINAL=1, fixed codes, and the end-of-block code alone.
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
// A stored block holds at most this many bytes.
const STORED_MAX = 0xffff;

/** `bytes` as stored blocks: BFINAL=0 and BTYPE=stored (three bits, then padding to the byte), LEN, NLEN, the bytes. */
function storedBlocks(bytes: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let start = 0; start === 0 || start < bytes.length; start += STORED_MAX) {
    const part = bytes.subarray(start, start + STORED_MAX);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(part.length, 1);
    header.writeUInt16LE(~part.length & 0xffff, 3);
    blocks.push(header, part);
  }
  return Buffer.concat(blocks);
}

/**
 * The CRC of what came before, carried over `bytes`. An empty buffer may have no memory behind it,
 * and zlib's crc32 answers 0, not the CRC it was given, for no memory at all.
 */
const carry = (crc: number, bytes: Buffer) => (bytes.length === 0 ? crc : crc32(bytes, crc));

interface Piece {
  plain: Buffer;
  deflated: Buffer;
}

export class NoncedPage {
  private readonly texts: string[];
  private readonly pieces: Piece[];

  /** `html` holds `placeholder` wherever the answer's nonce goes. */
  constructor(html: string, placeholder: string) {
    this.texts = html.split(placeholder);
    this.pieces = this.texts.map((text) => {
      const plain = Buffer.from(text);
      return { plain, deflated: deflateRawSync(plain, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }) };
    });
  }

  /** The page with `nonce` in its places. */
  text(nonce: string): string {
    return this.texts.join(nonce);
  }

  /** The same page as one gzip member. */
  gzip(nonce: string): Buffer {
    const value = Buffer.from(nonce);
    const stored = storedBlocks(value);
    const parts: Buffer[] = [GZIP_HEADER];
    let crc = 0;
    let size = 0;
    this.pieces.forEach((piece, index) => {
      if (index > 0) {
        parts.push(stored);
        crc = carry(crc, value);
        size += value.length;
      }
      parts.push(piece.deflated);
      crc = carry(crc, piece.plain);
      size += piece.plain.length;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(size >>> 0, 4);
    parts.push(FINAL_EMPTY_BLOCK, trailer);
    return Buffer.concat(parts);
  }
}
