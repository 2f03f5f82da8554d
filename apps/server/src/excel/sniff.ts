/**
 * What an uploaded "Excel" file really is, from its bytes: a zip (maybe an .xlsx), or an OLE compound file
 * (CFB), which is either a legacy .xls or a password-protected .xlsx. exceljs answers both CFB kinds with the
 * same "invalid signature" error, so we tell them apart from the stream names in the CFB directory.
 */
import { open, readFile } from 'node:fs/promises';

export type Container = 'zip' | 'cfb' | 'empty' | 'unknown';
export type CfbKind = 'legacy-xls' | 'encrypted-ooxml' | 'other';

const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** An empty zip starts with its end-of-central-directory record. */
const ZIP_EMPTY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function containerOf(head: Buffer): Container {
  if (head.length === 0) return 'empty';
  if (head.subarray(0, 4).equals(ZIP_LOCAL) || head.subarray(0, 4).equals(ZIP_EMPTY)) return 'zip';
  if (head.subarray(0, 4).equals(CFB.subarray(0, 4))) return 'cfb';
  return 'unknown';
}

export async function readHead(path: string, bytes = 8): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Reads the whole file (the caller has already capped its size) and classifies the CFB container. */
export async function classifyCfbFile(path: string): Promise<CfbKind> {
  return classifyCfb(await readFile(path));
}

export function classifyCfb(buf: Buffer): CfbKind {
  let names: string[];
  try {
    names = cfbDirectoryNames(buf);
  } catch {
    // A damaged directory: fall back to looking for the names anywhere in the file.
    names = ['EncryptionInfo', 'EncryptedPackage', 'Workbook', 'Book'].filter((n) =>
      buf.includes(Buffer.from(n, 'utf16le')),
    );
  }
  if (names.includes('EncryptionInfo') && names.includes('EncryptedPackage')) return 'encrypted-ooxml';
  if (names.includes('Workbook') || names.includes('Book')) return 'legacy-xls';
  return 'other';
}

const FREESECT = 0xffffffff;
const ENDOFCHAIN = 0xfffffffe;

/**
 * Names of the storage and stream entries in a compound file's directory (MS-CFB §2.6), found by following
 * the FAT chain of the directory sectors. Throws on anything out of bounds.
 */
export function cfbDirectoryNames(buf: Buffer): string[] {
  if (buf.length < 512 || !buf.subarray(0, 8).equals(CFB)) throw new Error('not a compound file');
  const sectorShift = buf.readUInt16LE(0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) throw new Error('bad sector size');
  const sectorSize = 1 << sectorShift;
  const sectorCount = Math.floor(buf.length / sectorSize);
  const sectorOffset = (n: number): number => {
    const offset = (n + 1) * sectorSize;
    if (n >= sectorCount || offset + sectorSize > buf.length) throw new Error('sector out of bounds');
    return offset;
  };
  const perSector = sectorSize / 4;

  // The FAT's own sectors: 109 in the header, then a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) {
    const s = buf.readUInt32LE(0x4c + i * 4);
    if (s === FREESECT) break;
    fatSectors.push(s);
  }
  let difat = buf.readUInt32LE(0x44);
  for (let guard = 0; difat !== ENDOFCHAIN && difat !== FREESECT; guard++) {
    if (guard > sectorCount) throw new Error('DIFAT loop');
    const base = sectorOffset(difat);
    for (let i = 0; i < perSector - 1; i++) {
      const s = buf.readUInt32LE(base + i * 4);
      if (s !== FREESECT) fatSectors.push(s);
    }
    difat = buf.readUInt32LE(base + (perSector - 1) * 4);
  }
  const next = (n: number): number => {
    const fatSector = fatSectors[Math.floor(n / perSector)];
    if (fatSector === undefined) throw new Error('FAT out of bounds');
    return buf.readUInt32LE(sectorOffset(fatSector) + (n % perSector) * 4);
  };

  const names: string[] = [];
  let dir = buf.readUInt32LE(0x30);
  for (let guard = 0; dir !== ENDOFCHAIN; guard++) {
    if (guard > sectorCount) throw new Error('directory loop');
    const base = sectorOffset(dir);
    for (let i = 0; i < sectorSize / 128; i++) {
      const entry = base + i * 128;
      const nameBytes = buf.readUInt16LE(entry + 0x40);
      const type = buf.readUInt8(entry + 0x42);
      // 1 storage, 2 stream, 5 root; 0 unused.
      if ((type === 1 || type === 2) && nameBytes >= 2 && nameBytes <= 64) {
        names.push(buf.toString('utf16le', entry, entry + nameBytes - 2));
      }
    }
    dir = next(dir);
  }
  return names;
}
