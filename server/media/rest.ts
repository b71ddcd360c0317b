// The media library over REST (CONTRACT §2), each row calling its procedure of mediaRouter. The
// multipart upload is a route of its own (upload-route.ts).
import { mediaDeleteAnswer, mediaFilesAnswer, mediaScanAnswer } from '../../shared/answer-schemas';
import { mediaDeleteInput, mediaListInput, mediaScanInput } from '../../shared/media-schemas';
import { besideSuccess } from '../http/answers';
import { restRowsOf, type RestSection } from '../http/rest-rows';
import { createCallerFactory } from '../trpc/init';
import { mediaRouter } from './router';

const { row } = restRowsOf(createCallerFactory(mediaRouter));

// The library's lists by category: the url says which, so the query has no category.
const categoryListInput = mediaListInput.omit({ category: true });

export const mediaRest: RestSection = {
  tag: 'Media',
  rows: [
    row({
      method: 'GET',
      url: '/api/media/files',
      access: 'admin',
      summary: 'The files of the library, all categories',
      input: mediaListInput,
      answer: besideSuccess(mediaFilesAnswer),
      procedure: (c) => c.files,
    }),
    row({
      method: 'GET',
      url: '/api/media/files/images',
      access: 'admin',
      summary: 'The images of the library',
      input: categoryListInput,
      answer: besideSuccess(mediaFilesAnswer),
      procedure: (c) => (input) => c.files({ ...input, category: 'image' }),
    }),
    row({
      method: 'GET',
      url: '/api/media/files/videos',
      access: 'admin',
      summary: 'The videos of the library',
      input: categoryListInput,
      answer: besideSuccess(mediaFilesAnswer),
      procedure: (c) => (input) => c.files({ ...input, category: 'video' }),
    }),
    row({
      method: 'POST',
      url: '/api/media/scan-files',
      access: 'admin',
      summary: 'Scan the library: count its files and make the thumbnails',
      input: mediaScanInput,
      answer: besideSuccess(mediaScanAnswer),
      procedure: (c) => c.scan,
    }),
    row({
      method: 'POST',
      url: '/api/media/delete',
      access: 'admin',
      summary: 'Delete files of the library; paths outside the base path are counted as not deleted',
      input: mediaDeleteInput,
      answer: besideSuccess(mediaDeleteAnswer),
      procedure: (c) => c.delete,
    }),
  ],
};
