// The one panel of every screen (panel.css): raised for a page's content and an admin section,
// inset for a card inside one. With a title, the panel is a region named by it.
import { useId, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import './panel.css';

interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  ref?: Ref<HTMLElement>;
  /** The element: a section (the default), or what the context needs (an article, a list item). */
  as?: 'section' | 'article' | 'div' | 'li';
  /** A card inside a raised panel: quieter, smaller title (level three). */
  inset?: boolean;
  title?: ReactNode;
  /** Gets the title element, which then takes focus from script (tabIndex -1). */
  titleRef?: Ref<HTMLHeadingElement>;
  /** Controls that act on the whole panel, beside its title. */
  actions?: ReactNode;
  /** A short fact beside the title (a count). */
  meta?: ReactNode;
  center?: boolean;
}

export function Panel({ ref, as = 'section', inset = false, title, titleRef, actions, meta, center = false, className, children, ...rest }: PanelProps) {
  const titleId = useId();
  // One element type for the type checker; the props are the same for all four.
  const Element = as as 'section';
  const Heading = inset ? 'h3' : 'h2';
  return (
    <Element
      {...rest}
      ref={ref}
      className={['panel', inset && 'panel--inset', center && 'panel--center', className].filter(Boolean).join(' ')}
      aria-labelledby={title === undefined ? rest['aria-labelledby'] : titleId}
    >
      {title !== undefined && (
        <header className={actions ? 'panel__head panel__head--actions' : 'panel__head'}>
          <Heading id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className="panel__title">
            {title}
          </Heading>
          {actions && <div className="actions panel__actions">{actions}</div>}
          {Boolean(meta) && <span className="panel__meta">{meta}</span>}
        </header>
      )}
      {children}
    </Element>
  );
}
