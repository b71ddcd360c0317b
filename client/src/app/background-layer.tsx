// The fixed full-screen layer behind every page: a night sky drawn in CSS, the calm default, with
// the administrators' image and video slideshow over it once a slide is ready.
import { useHydrated } from '../lib/use-hydrated';
import { BackgroundSlider } from '../slider/background-slider';
import './background-layer.css';

export function BackgroundLayer() {
  // The slideshow starts in the browser only: its overlay is styled inline, which the page's CSP
  // forbids in HTML sent by the server (setting it from script is allowed).
  const hydrated = useHydrated();
  return (
    <div className="background-layer" aria-hidden="true">
      <div className="background-layer__stars" />
      <div className="background-layer__stars background-layer__stars--far" />
      <div className="background-layer__overlay" />
      {hydrated && <BackgroundSlider />}
    </div>
  );
}
