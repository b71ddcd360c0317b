// Media type (spec §2): images, videos or audio. It decides what is uploaded and which library is
// shown; a radio group, so all three choices are visible and one arrow key away.
import { MEDIA_CATEGORIES, type MediaCategory } from '@shared/media';
import { MEDIA_KINDS } from './media-kinds';

interface MediaTypeSelectorProps {
  value: MediaCategory;
  disabled: boolean;
  onChange: (category: MediaCategory) => void;
}

export function MediaTypeSelector({ value, disabled, onChange }: MediaTypeSelectorProps) {
  return (
    <fieldset className="media-type" role="radiogroup" disabled={disabled}>
      <legend className="media-type__legend">Media type</legend>
      <div className="media-type__options">
        {MEDIA_CATEGORIES.map((category) => (
          <label key={category} className="media-type__option">
            <input type="radio" name="media-type" value={category} checked={category === value} onChange={() => onChange(category)} />
            <span className="media-type__text">{MEDIA_KINDS[category].title}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
