// CONTRACT §4 "Content": images come only from the lesson's own files. A body's image that names one
// of its lesson's image attachments shows that file through a URL signed for the reader; every other
// image (another lesson's file, a PDF, a remote or data: URL, a path) is its alt text. The editor's
// preview shows the same for the admin. Real database, real files, real PNG and JPEG (sharp).
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAppForEachTest } from '../../../tests/support/admin-app';
import { courseSite } from '../../../tests/support/course-site';

let PNG: Buffer;
let JPEG: Buffer;
beforeAll(async () => {
  const picture = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#204060' } });
  PNG = await picture().png().toBuffer();
  // Taken with the camera turned: shown 3 wide and 4 high.
  JPEG = await picture().jpeg().withMetadata({ orientation: 6 }).toBuffer();
});
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
// A PNG's signature and then nothing readable: taken as a download, shown without a size.
const DAMAGED_PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 1)]);

const site = adminAppForEachTest();
const course = courseSite(site);

const attach = (lessonId: string, name: string, content: Buffer): Promise<string> => course.uploadFile(lessonId, { role: 'attachment' }, { name, content });

const BODY = [
  '![The plan](Plan%20of%20the%20field.PNG)',
  '![A photo](<photo.jpg>)',
  "![Another lesson's](elsewhere.png)",
  '![The notes](notes.pdf)',
  '![Remote](https://example.com/Plan%20of%20the%20field.png)',
  '![Up](../Plan%20of%20the%20field.png)',
  '![Damaged](damaged.png)',
].join('\n\n');

/** A published text lesson with two images and a PDF, and beside it a lesson with an image of its own. */
async function lessonWithImages() {
  const module = await course.createModule({ title: 'Pictures', published: true });
  const lesson = await course.createLesson({ moduleId: module._id, title: 'Drawn', body: BODY });
  const other = await course.createLesson({ moduleId: module._id, title: 'Elsewhere' });
  const plan = await attach(lesson._id, 'Plan of the field.png', PNG);
  const photo = await attach(lesson._id, 'Photo.JPG', JPEG);
  await attach(lesson._id, 'notes.pdf', PDF);
  const damaged = await attach(lesson._id, 'damaged.png', DAMAGED_PNG);
  await attach(other._id, 'elsewhere.png', PNG);
  return { lesson, plan, photo, damaged };
}

/** Each <img> of the html: its src (unescaped), alt and size. */
const imagesIn = (html: string) =>
  [...html.matchAll(/<img src="([^"]*)" alt="([^"]*)" width="(\d+)" height="(\d+)" loading="lazy" decoding="async">/g)].map(([, src, alt, width, height]) => ({
    src: src!.replaceAll('&amp;', '&'),
    alt,
    size: `${width}×${height}`,
  }));

const lessonHtml = async (lessonId: string, token: string) => {
  const res = await course.api('GET', `/api/course/lessons/${lessonId}`, undefined, token);
  expect(res.status, res.raw).toBe(200);
  return (res.body as { lesson: { html: string } }).lesson.html;
};

describe("a lesson body's images", () => {
  it("show the lesson's own image attachments through URLs signed for the reader; any other image is its alt text", async () => {
    const { lesson, plan, photo, damaged } = await lessonWithImages();
    const ada = await course.member('ada@example.com', true);
    const html = await lessonHtml(lesson._id, ada.token);
    const images = imagesIn(html);
    // Their size read at upload, so the page keeps their place before they load.
    expect(images.map(({ alt, size }) => [alt, size])).toEqual([
      ['The plan', '4×3'],
      ['A photo', '3×4'],
    ]);
    expect(images[0]!.src).toMatch(new RegExp(`^/course-files/${plan}\\?u=${ada.id}&i=\\d+&e=\\d+&s=`));
    expect(images[1]!.src).toMatch(new RegExp(`^/course-files/${photo}\\?u=${ada.id}&i=\\d+&e=\\d+&s=`));
    for (const alt of ["Another lesson's", 'The notes', 'Remote', 'Up']) expect(html).toContain(`<p>${alt}</p>`);
    expect(html).toMatch(
      new RegExp(`<img src="/course-files/${damaged}\\?u=${ada.id}&amp;i=\\d+&amp;e=\\d+&amp;s=[\\w-]+" alt="Damaged" loading="lazy" decoding="async">`),
    );
    expect(html.match(/<img/g)).toHaveLength(3);
    expect(html).not.toContain('example.com');
    expect(html).not.toContain('elsewhere.png');

    // The URL serves the picture itself, to that member.
    const served = await site.t.app.inject({ url: images[0]!.src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await site.t.app.inject({ url: images[1]!.src })).headers['content-type']).toBe('image/jpeg');

    // Another reader gets URLs of their own; neither is ever kept for the other.
    const bo = await course.member('bo@example.com', true);
    const theirs = imagesIn(await lessonHtml(lesson._id, bo.token));
    expect(theirs[0]!.src).toMatch(new RegExp(`^/course-files/${plan}\\?u=${bo.id}&`));
    expect(imagesIn(await lessonHtml(lesson._id, ada.token))[0]!.src).toContain(`u=${ada.id}&`);
  });

  it('go with their file: once the image is deleted, the body shows its alt text', async () => {
    const { lesson, plan } = await lessonWithImages();
    const ada = await course.member('ada@example.com', true);
    expect((await course.api('DELETE', `/api/admin/course/files/${plan}`)).status).toBe(200);
    const html = await lessonHtml(lesson._id, ada.token);
    expect(imagesIn(html).map(({ alt }) => alt)).toEqual(['A photo']);
    expect(html).toContain('<p>The plan</p>');
  });

  it("show in the editor's preview when it names the lesson, signed for the admin; without it, as alt text", async () => {
    const { lesson, plan } = await lessonWithImages();
    const render = (input: Record<string, unknown>) =>
      site.t.app.inject({ method: 'POST', url: '/trpc/course.lessons.render', headers: { authorization: `Bearer ${site.adminToken}` }, payload: input });
    const res = await render({ body: BODY, lessonId: lesson._id });
    expect(res.statusCode, res.body).toBe(200);
    const html = res.json<{ result: { data: { html: string } } }>().result.data.html;
    const images = imagesIn(html);
    expect(images.map(({ alt }) => alt)).toEqual(['The plan', 'A photo']);
    expect(images[0]!.src).toMatch(new RegExp(`^/course-files/${plan}\\?u=`));
    expect((await site.t.app.inject({ url: images[0]!.src })).statusCode).toBe(200);

    const plain = (await render({ body: BODY })).json<{ result: { data: { html: string } } }>().result.data.html;
    expect(plain).not.toContain('<img');
    expect(plain).toContain('<p>The plan</p>');

    const unknown = await render({ body: BODY, lessonId: 'no-such-lesson' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: { message: string } }>().error.message).toBe("No lesson with id 'no-such-lesson'");
    expect((await render({ body: BODY, lessonId: 'x'.repeat(101) })).statusCode).toBe(400);
    expect((await render({ body: BODY, lessonId: 42 })).statusCode).toBe(400);
  });
});
