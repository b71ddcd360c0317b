// The overlay over the slideshow (spec §2, §5): opacity 0 to 1 in steps of 0.01, and a colour from
// three sliders of whole numbers 0 to 255, previewed live on a swatch.
import { colorComponent, type Rgb } from './settings-draft';
import { RangeField } from './range-field';
import { Fieldset } from '@/ui/fieldset';

interface OverlayFieldsProps {
  opacity: number;
  color: Rgb;
  onOpacity: (value: number) => void;
  onColor: (value: Rgb) => void;
}

const CHANNELS = ['Red', 'Green', 'Blue'] as const;

export function OverlayFields({ opacity, color, onOpacity, onColor }: OverlayFieldsProps) {
  const [r, g, b] = color;
  const percent = Math.round(opacity * 100);
  return (
    <Fieldset legend="Overlay" className="bg-overlay">
      <div className="bg-overlay__body">
        <div className="bg-overlay__sliders">
          <RangeField
            label="Overlay Opacity"
            min={0}
            max={1}
            step={0.01}
            value={opacity}
            format={(value) => value.toFixed(2)}
            onChange={(value) => onOpacity(Math.min(1, Math.max(0, value)))}
          />
          {CHANNELS.map((channel, index) => (
            <RangeField
              key={channel}
              label={channel}
              className={`bg-range--${channel.toLowerCase()}`}
              min={0}
              max={255}
              step={1}
              value={color[index] ?? 0}
              onChange={(value) => {
                const next: Rgb = [...color];
                next[index] = colorComponent(value);
                onColor(next);
              }}
            />
          ))}
        </div>
        <figure className="bg-swatch">
          {/* The overlay as visitors get it: the colour at the chosen opacity over a night-sky sample. */}
          <div className="bg-swatch__sample" role="img" aria-label={`Overlay preview: rgb(${r}, ${g}, ${b}) at ${percent}% opacity`}>
            <div className="bg-swatch__tint" style={{ backgroundColor: `rgb(${r}, ${g}, ${b})`, opacity }} />
          </div>
          <figcaption className="bg-swatch__caption">
            rgb({r}, {g}, {b}) · {percent}%
          </figcaption>
        </figure>
      </div>
    </Fieldset>
  );
}
