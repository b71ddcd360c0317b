// The fixed full-screen layer behind every page. For now a night sky drawn in CSS; the
// administrators' image and video slideshow will fill this same layer.
export function BackgroundLayer() {
  return (
    <div className="background-layer" aria-hidden="true">
      <div className="background-layer__stars" />
      <div className="background-layer__stars background-layer__stars--far" />
      <div className="background-layer__overlay" />
    </div>
  );
}
