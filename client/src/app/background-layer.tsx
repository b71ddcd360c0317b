// The fixed full-screen layer behind every page: a night sky drawn in CSS, the calm default, with
// the administrators' image and video slideshow over it once a slide is ready.
import { BackgroundSlider } from '../slider/background-slider';

export function BackgroundLayer() {
  return (
    <div className="background-layer" aria-hidden="true">
      <div className="background-layer__stars" />
      <div className="background-layer__stars background-layer__stars--far" />
      <div className="background-layer__overlay" />
      <BackgroundSlider />
    </div>
  );
}
