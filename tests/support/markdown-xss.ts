// The Markdown a hostile writer tries, shared by the lesson body's renderer tests
// (course/content/markdown.test.ts) and the comment renderer's (discussion/comment-markdown.test.ts):
// both must render every one of them inert.

/** Raw HTML in the source: shown as text, never as markup. */
export const RAW_HTML =
  '<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">\n\nInline <b onclick="x()">b</b>, <iframe src="https://evil.example"></iframe>, <svg onload=alert(1)>';

/** Links to schemes that run or read something: dropped, their text kept. */
export const BAD_SCHEME_LINKS = [
  '[click](javascript:alert(1))',
  '[click](JavaScript:alert(1))',
  '[click](  javascript:alert(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](vbscript:msgbox)',
  '[click](file:///etc/passwd)',
  '<javascript:alert(1)>',
  '[click][ref]\n\n[ref]: javascript:alert(1)',
];

/** Links whose entities or whitespace decode to javascript: or data:. */
export const ENCODED_LINKS = [
  '[x](&#106;avascript:alert(1))',
  '[x](&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1))',
  '[x](javascript&colon;alert(1))',
  '[x](&#100;ata:text/html,hi)',
  '[x](java&#x09;script:alert(1))',
  '[x](<java\nscript:alert(1)>)',
];

/** Images, from anywhere. */
export const IMAGES = [
  '![alt](https://example.com/a.png)',
  '![alt](javascript:alert(1))',
  '![alt](data:image/svg+xml;base64,PHN2Zz4=)',
  '![alt](/a.png)',
  '![alt](a.png)',
  '![alt](data:image/svg+xml,<svg onload=alert(1)>)',
];

/** A link's title and text that try to break out of their attribute or element. */
export const ESCAPING_LINK = '[<b>x</b>](https://example.com "a\\" onmouseover=\\"alert(1)")';
