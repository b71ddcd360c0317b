import { useEffect, useState } from 'react';

interface QrCodeProps {
  /** What the code holds (the otpauth:// link). */
  text: string;
  alt: string;
}

const SIZE = 208;

/**
 * A QR code drawn in the browser: the secret never leaves for an image service. The library is
 * loaded when a code is first shown, so no other page pays for it. The page's CSP lets data: images in.
 */
export function QrCode({ text, alt }: QrCodeProps) {
  const [drawn, setDrawn] = useState<{ text: string; src: string } | { text: string; failed: true } | null>(null);

  useEffect(() => {
    let current = true;
    import('qrcode')
      .then(({ toDataURL }) => toDataURL(text, { width: SIZE, margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (src) => current && setDrawn({ text, src }),
        () => current && setDrawn({ text, failed: true }),
      );
    return () => {
      current = false;
    };
  }, [text]);

  const shown = drawn?.text === text ? drawn : null;
  if (shown && 'failed' in shown) {
    return <p className="qr-code qr-code--failed">The QR code could not be drawn. Enter the key below by hand.</p>;
  }
  return shown ? (
    <img className="qr-code" src={shown.src} width={SIZE} height={SIZE} alt={alt} />
  ) : (
    <div className="qr-code qr-code--pending" role="status">
      Drawing the QR code…
    </div>
  );
}
