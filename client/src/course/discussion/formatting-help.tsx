// What the comment box understands (the server keeps only these: CONTRACT §9), read out with the box.
export function FormattingHelp({ id }: { id: string }) {
  return (
    <p id={id} className="comment-form__help">
      Formatting: <code>**bold**</code>, <code>_italic_</code>, <code>`code`</code>, <code>[a link](https://example.com)</code>
    </p>
  );
}
