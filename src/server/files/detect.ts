import { fileTypeFromBuffer } from 'file-type';

/** The file's real type, read from its bytes; the name and the client's claim are never trusted. */
export async function detectMimeType(content: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(content);
  if (!detected) return null;
  // Word 97-2003 documents are OLE compound files; only those with a WordDocument stream count.
  if (detected.mime === 'application/x-cfb') {
    return content.includes(Buffer.from('WordDocument', 'utf16le')) ? 'application/msword' : null;
  }
  return detected.mime;
}

export const extensionOf: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  'application/pdf': 'pdf',
  'application/msword': 'doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
};

/** A file name safe to show and to send back in a header: no path, no control characters. */
export function cleanFileName(name: string | undefined, mimeType: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim().slice(0, 150);
  return cleaned || `file.${extensionOf[mimeType] ?? 'bin'}`;
}
