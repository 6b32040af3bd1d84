import { z } from 'zod';
import { text } from './input';

/**
 * The media manager (seed 002 sections 2 and 7): a file browser over one container (`articles/{aorId}`), reached with
 * a short-lived token from `GET api/app/Token`. Limits and choices: docs/decisions/0821-media-manager.md.
 */
export const MEDIA = {
  /** Largest file accepted by FileUpload. */
  maxUploadBytes: 5 * 1024 * 1024,
  /** Files per upload call. */
  maxFilesPerUpload: 10,
  /** Lifetime of a media token. */
  tokenTtlSeconds: 15 * 60,
  /** Deepest folder nesting inside a container. */
  maxDepth: 8,
  imageExtensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
  documentExtensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'csv', 'ppt', 'pptx', 'txt'],
  /** The header that carries the token on the JSON and upload calls; image and download links carry `?token=`. */
  tokenHeader: 'x-file-token',
  /** Where members' browsers load a container's files (article images and linked documents). */
  publicPrefix: '/files',
  /** A signed file address (`?sig=`) holds for at least this long and at most twice it (the hour it was signed in and the next). */
  signedLinkSeconds: 60 * 60,
} as const;

export const MEDIA_MESSAGES = {
  title: 'Media Manager',
  copyPathTitle: 'Success',
  copyPath: 'File Path Copied',
  upload: 'Upload',
  newFolder: 'New Folder',
  rename: 'Rename',
  delete: 'Delete',
  download: 'Download',
  details: 'Details',
  copyPathAction: 'Copy Path',
  choose: 'Choose',
  empty: 'This folder is empty',
  limits: 'Images (jpg, jpeg, png, gif, webp) and documents (pdf, doc, docx, xls, xlsx, csv, ppt, pptx, txt), up to 5 MB each.',
  successTitle: 'Success',
  errorTitle: 'Error',
  deleteConfirm: (name: string) => `Are you sure you wish to delete ${name}?`,
  loadFailed: 'There was a problem loading the files.',
  actionFailed: 'There was a problem with the file operation. ',
  uploaded: (n: number) => (n === 1 ? 'File uploaded' : `${n} files uploaded`),
  tooLarge: 'The file is larger than 5 MB.',
  /** The upload's progress bar (decision 0955). */
  uploadProgress: 'Upload progress',
  typeNotAllowed: 'Only images (jpg, jpeg, png, gif, webp) and documents (pdf, doc, docx, xls, xlsx, csv, ppt, pptx, txt) may be uploaded.',
  badName: 'Names may use letters, digits, spaces, dots, dashes and underscores (at most 100 characters).',
  badPath: 'The path is not inside the container.',
  exists: 'A file or folder of that name already exists.',
  notFound: 'The file or folder was not found.',
  badToken: 'The media token is missing, expired or not for this container.',
  containerDenied: 'You may not manage the files of that association.',
  notYours: 'You may rename or delete only the files and folders you added. Association staff manage the others.',
} as const;

export const ALLOWED_MEDIA_EXTENSIONS: readonly string[] = [...MEDIA.imageExtensions, ...MEDIA.documentExtensions];

export const mediaExtension = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');
export const isImageFile = (name: string) => (MEDIA.imageExtensions as readonly string[]).includes(mediaExtension(name));

/** One file or folder name: no separators, no leading dot, no control characters. */
export const MEDIA_NAME = /^(?!\.)[A-Za-z0-9 _.()-]{1,100}$/;
export const mediaNameSchema = z.string().trim().regex(MEDIA_NAME, MEDIA_MESSAGES.badName);
/** A folder path inside a container: `/`, `/carousel/`, `/a/b`. Checked again on the server against the disk. */
export const mediaPathSchema = z
  .string()
  .max(1000)
  .default('/')
  .refine((p) => p.split('/').every((part) => part === '' || MEDIA_NAME.test(part)), MEDIA_MESSAGES.badPath);
export const mediaContainerSchema = z.string().regex(/^articles\/\d{1,9}$/, MEDIA_MESSAGES.badPath);

export const mediaTokenQuerySchema = z.object({ container: mediaContainerSchema.optional() });

/** `GET api/app/Token` results[0]. */
export const mediaTokenSchema = z.object({ token: z.string(), container: z.string(), expiresOn: z.string() });
export type MediaToken = z.infer<typeof mediaTokenSchema>;

export const mediaEntrySchema = z.object({
  name: z.string(),
  /** Path of the entry inside the container, starting with `/`. */
  path: z.string(),
  isFile: z.boolean(),
  size: z.number(),
  modifiedOn: z.string(),
  /** Extension of a file, '' for a folder. */
  type: z.string(),
  /** Where members load the file (`/files/articles/{aorId}/...`); null for folders. */
  url: z.string().nullable(),
});
export type MediaEntry = z.infer<typeof mediaEntrySchema>;

export const mediaFolderSchema = z.object({ cwd: mediaEntrySchema, files: z.array(mediaEntrySchema) });
export type MediaFolder = z.infer<typeof mediaFolderSchema>;

export const mediaDetailsSchema = mediaEntrySchema.extend({
  location: z.string(),
  created: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type MediaDetails = z.infer<typeof mediaDetailsSchema>;

/** What `POST api/app/FileOperations` answers: a folder (read), the details of an entry, or the entry made or renamed. */
export const fileOperationResultSchema = z.union([mediaDetailsSchema, mediaFolderSchema, mediaEntrySchema]);

const base = { container: mediaContainerSchema, path: mediaPathSchema };

/** `POST api/app/FileOperations`: one action of the file browser. */
export const fileOperationSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('read'), ...base }),
  z.object({ action: z.literal('create'), ...base, name: mediaNameSchema }),
  z.object({ action: z.literal('rename'), ...base, name: mediaNameSchema, newName: mediaNameSchema }),
  z.object({ action: z.literal('delete'), ...base, names: z.array(mediaNameSchema).min(1).max(100) }),
  z.object({ action: z.literal('details'), ...base, name: mediaNameSchema }),
]);
export type FileOperation = z.input<typeof fileOperationSchema>;

/** `GET api/app/FileGetImage` and `GET api/app/FileDownload`: one file of the container. */
export const fileQuerySchema = z.object({ container: mediaContainerSchema, path: mediaPathSchema, token: text(1000).optional() });
