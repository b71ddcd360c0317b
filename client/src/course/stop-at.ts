// Pauses the media once it plays up to `end`: a quiz's Rewatch opens the passage that teaches an
// answer and stops where the passage does. Once only: after that pause, or once the member jumps
// past the end themselves, the media plays on as ever. Answers the undo.
export function stopOnceAt(media: HTMLMediaElement, end: number): () => void {
  const reached = () => {
    if (media.currentTime < end) return;
    undo();
    if (!media.paused) media.pause();
  };
  // 'seeking' comes before the 'timeupdate' of a seek: a jump past the end is not a stop.
  const jumped = () => {
    if (media.currentTime >= end) undo();
  };
  function undo() {
    media.removeEventListener('timeupdate', reached);
    media.removeEventListener('seeking', jumped);
  }
  media.addEventListener('timeupdate', reached);
  media.addEventListener('seeking', jumped);
  return undo;
}
