// The API reference's entries of the tus routes (tus-route.ts; CONTRACT §7 "Resumable uploads").
import type { OperationDoc } from '../../http/operation';

const PROTOCOL = 'The tus 1.0.0 protocol (https://tus.io/protocols/resumable-upload): every request but OPTIONS sends Tus-Resumable: 1.0.0.';
const OWNED = 'An upload belongs to the admin who created it: for anyone else it does not exist (404).';

const base = { tag: 'Course Manager', access: 'admin' } as const;

export const tusDocs: Record<'POST' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'DELETE', OperationDoc> = {
  POST: {
    ...base,
    summary: "Start a resumable upload of a lesson's media file, captions file or attachment",
    description:
      `${PROTOCOL} Headers: Upload-Length (the file's size in bytes) and Upload-Metadata, comma-separated keys each with its value in Base64: ` +
      'lessonId, role (media, captions or attachment), filename, and lang and label for captions. No body. ' +
      'The answer’s Location is the upload’s path, /api/admin/course/uploads/{id}, relative to the site. ' +
      'The rules of the multipart upload hold: its extension and role are checked here, its first bytes by the PATCH that brings them, and the last PATCH ' +
      'attaches the file to the lesson (a media file replaces the previous one). ' +
      'An upload unfinished COURSE_UPLOAD_EXPIRY_HOURS (24 by default) after its last byte is removed with its bytes.',
    success: { status: 201, description: 'Created: Location gives the upload’s path' },
    refusals: {
      400: 'Upload-Length is missing (a deferred length is not taken), Upload-Metadata is not valid or lacks lessonId, role or filename, or the lesson is a text lesson and role is media.',
      404: 'No lesson with that id.',
      413: 'Upload-Length is over the role’s limit: media COURSE_FILE_MAX_BYTES (8 GiB by default), captions 1 MiB, attachments 200 MB.',
      415: "The file name's extension is not one its role takes.",
    },
  },
  OPTIONS: {
    ...base,
    summary: 'What the tus server supports',
    description: `${PROTOCOL} The answer's Tus-Version, Tus-Extension (creation, creation-with-upload, termination) and Tus-Max-Size say what this server takes.`,
    success: { status: 204, description: 'No Content: the headers say it' },
  },
  HEAD: {
    ...base,
    summary: 'Where an upload stands',
    description: `${PROTOCOL} Upload-Offset is the bytes the server holds, Upload-Length the whole. ${OWNED}`,
    success: { status: 200, description: 'OK: Upload-Offset and Upload-Length, no body' },
    refusals: {
      400: 'The id holds a control character.',
      404: 'No upload with that id (or it is another admin’s, or it expired).',
      423: 'Another request holds the upload: try again.',
    },
  },
  PATCH: {
    ...base,
    summary: 'Send the next bytes of an upload',
    description:
      `${PROTOCOL} Content-Type: application/offset+octet-stream; Upload-Offset must be the upload's current offset (HEAD gives it). ` +
      'The body is the bytes that follow, of any size up to the rest of the file. The PATCH that brings the last byte checks the whole file ' +
      '(captions must be WebVTT, media must be readable audio or video) and attaches it to the lesson, in the audit trail as course.file.upload. ' +
      `Two PATCHes of one upload never write at once: the second asks the first to stop, waits, and gets 423 if it does not. ${OWNED}`,
    success: { status: 204, description: 'No Content: Upload-Offset is where the upload now stands' },
    refusals: {
      400: 'The id holds a control character, Upload-Offset or Content-Type is missing, or the lesson became a text lesson meanwhile.',
      404: 'No upload with that id (or it is another admin’s, or it expired), or its lesson was deleted meanwhile.',
      409: 'Upload-Offset is not where the upload stands.',
      423: 'Another request is writing to the upload and did not let go in time: try again.',
      413: 'More bytes than Upload-Length.',
      415: 'Its first bytes are not what its extension says, or the finished file is not readable as its role requires: the upload is removed.',
    },
  },
  DELETE: {
    ...base,
    summary: 'Cancel an upload',
    description: `${PROTOCOL} The upload and its bytes are removed. ${OWNED}`,
    success: { status: 204, description: 'No Content: removed' },
    refusals: { 400: 'The id holds a control character.', 404: 'No upload with that id (or it is another admin’s, or it expired).' },
  },
};
