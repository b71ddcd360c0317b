/** Draft or published, in words and not by colour alone (issue 26: "shown clearly"). */
export function StateBadge({ published }: { published: boolean }) {
  return <span className={`cm-badge ${published ? 'cm-badge--published' : 'cm-badge--draft'}`}>{published ? 'Published' : 'Draft'}</span>;
}
