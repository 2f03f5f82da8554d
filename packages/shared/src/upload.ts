/**
 * Upload rules (spec widgets §5.4, §8, §9; security design §2.2): which files may be uploaded, how large, and
 * the Chinese messages. The web uploaders check them before sending; the server enforces them while it reads.
 */

export const MB = 1024 * 1024;
/** Non-video files (spec: 20 MB). */
export const MAX_FILE_BYTES = 20 * MB;
/** Videos (spec: 50 MB). */
export const MAX_VIDEO_BYTES = 50 * MB;

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp', 'tiff'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'webm', 'ogg', 'mkv'] as const;
/**
 * Everything else that may be uploaded: office documents, text and archives. Markup and scripts (html, svg,
 * js …) and executables are never accepted, whatever the extension claims (the server also sniffs content).
 */
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'csv',
  'zip',
  'rar',
  '7z',
] as const;

/** Where an upload goes (`biz`): a closed set, never a path. */
export const UPLOAD_BIZ = ['temp', 'avatar', 'web', 'jeditor', 'import'] as const;
export type UploadBiz = (typeof UPLOAD_BIZ)[number];
/** Folders whose files are served to anyone who has the path (avatars and rich-text images are in pages). */
export const PUBLIC_BIZ: readonly UploadBiz[] = ['avatar', 'web', 'jeditor'];
/** Folders that take images only. */
export const IMAGE_ONLY_BIZ: readonly UploadBiz[] = ['avatar', 'jeditor'];

/**
 * Excel imports (spec widgets §5.4, §9): each file must be under 21 MB (the message says 20MB, as the spec
 * writes it). The import dialog checks before uploading; the server's import routes and reader refuse the same.
 */
export const IMPORT_MAX_BYTES = 21 * MB;
export const IMPORT_FILE_TEXT = {
  tooLarge: (file: string) => `${file}文件大小超出20MB!`,
  urlRequired: '导入接口地址不能为空',
} as const;

/** Direct uploads (spec widgets §7, §9): one PUT under 5 MB, else 5 MB parts, 4 at a time. */
export const UPLOAD_PART_BYTES = 5 * MB;
export const UPLOAD_PARALLEL_PARTS = 4;
/** Storage credentials are fetched again when this little time remains (spec §4), and on a 429e5 ms timer. */
export const CREDENTIAL_REFRESH_MARGIN_MS = 5 * 60_000;
export const CREDENTIAL_REFRESH_TIMER_MS = 429e5;

/** The uploaders (spec widgets §2.4, §9). */
export const UPLOAD_LIMITS = {
  maxFiles: 999,
  imageQuality: 0.6,
  previewWidth: 1000,
  popWidth: 520,
  popHeight: 200,
  /** Cell uploads show this many characters of the file name. */
  cellNameLength: 5,
} as const;

export const UPLOAD_TEXT = {
  videoTooLarge: (mb: number) => `上传视频大小不能超过${mb}MB`,
  fileTooLarge: (mb: number) => `上传文件大小不能超过${mb}MB`,
  forbiddenType: (ext: string) => `禁止上传.${ext}文件`,
  imageOnly: '请上传图片',
  failed: (name: string) => `${name} 上传失败.`,
  success: '上传成功',
  noFile: '未上传任何文件',
  bizInvalid: '上传目录不正确',
  contentMismatch: '文件内容与类型不符',
  notFound: '文件不存在',
  authFailed: '获取授权失败！',
  ossFailed: (name: string) => `${name}上传OSS失败！`,
  uploading: (percent: number) => `上传中(${percent}%)`,
  uploaded: '上传完成',
  downloadFailed: '下载失败!',
  unknownError: '未知错误',
  failedTip: '上传失败',
  errorTitle: '上传出错',
  errorLabel: '错误信息：',
  imagePopTitle: '图片上传',
  filePopTitle: '文件上传',
  upload: '上传',
  uploadFile: '上传文件',
  uploadImage: '上传图片',
  cancelled: '已取消上传',
} as const;

export type UploadKind = 'image' | 'video' | 'document';

/** The lower-case extension of a file name ('' when it has none). */
export function extensionOf(name: string): string {
  const base = name.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function uploadKind(ext: string): UploadKind | null {
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'video';
  if ((DOCUMENT_EXTENSIONS as readonly string[]).includes(ext)) return 'document';
  return null;
}

/** The largest size a file of this kind may have. */
export function maxBytesFor(kind: UploadKind): number {
  return kind === 'video' ? MAX_VIDEO_BYTES : MAX_FILE_BYTES;
}

/** The message of a too-large file of this kind. */
export function tooLargeMessage(kind: UploadKind): string {
  return kind === 'video'
    ? UPLOAD_TEXT.videoTooLarge(MAX_VIDEO_BYTES / MB)
    : UPLOAD_TEXT.fileTooLarge(MAX_FILE_BYTES / MB);
}

/**
 * Why a file may not be uploaded to `biz`, or null when it may (size only when known). The same answer on both
 * sides: the browser before sending, the server from the multipart headers before reading the body.
 */
export function checkUpload(name: string, size: number | null, biz: UploadBiz = 'temp'): string | null {
  const ext = extensionOf(name);
  const kind = uploadKind(ext);
  if (IMAGE_ONLY_BIZ.includes(biz) && kind !== 'image') return UPLOAD_TEXT.imageOnly;
  if (!kind) return UPLOAD_TEXT.forbiddenType(ext || '未知');
  if (size !== null && size > maxBytesFor(kind)) return tooLargeMessage(kind);
  return null;
}

export function isUploadBiz(value: unknown): value is UploadBiz {
  return typeof value === 'string' && (UPLOAD_BIZ as readonly string[]).includes(value);
}

/**
 * A direct-upload credential (GET /sys/file/oss/sts, /api/pda/oss/auth): always PUT the file's bytes as the body
 * (any content type) with the caller's X-Access-Token, to `url` (relative to the API base, with its signed query).
 */
export interface UploadCredential {
  method: 'PUT';
  url: string;
  /** The scope {bizPath}/{username}/{yyyyMMdd}/{HHmmss}/{filename}: exactly this path, once. */
  key: string;
  /** ISO time after which the credential is refused. */
  expiration: string;
  /** The largest body the PUT accepts for this file's kind. */
  maxBytes: number;
  /** Bodies of this size or more go as a multipart upload of parts of this size. */
  partSize: number;
}
