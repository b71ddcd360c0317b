// The administrators' slideshow, full screen behind every page. It draws nothing until a slide is
// ready, so the page's own background shows through while loading, with an empty playlist, or when
// every slide is broken. The media are handled outside React (DomStage): two layers whose content
// changes every few seconds are the sequencer's business, not something to re-render.
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import type { Slide } from '@shared/slider';
import { DomStage } from './dom-stage';
import { Sequencer } from './sequencer';
import { configFromData, overlayFromConfig, slidesFromData } from './slides';
import { usePublicSliderData } from './use-public-slider-data';
import { useReducedMotion } from '../lib/use-reduced-motion';
import './background-slider.css';

export function BackgroundSlider() {
  const data = usePublicSliderData();
  const reducedMotion = useReducedMotion();
  const layerA = useRef<HTMLDivElement>(null);
  const layerB = useRef<HTMLDivElement>(null);
  const blackout = useRef<HTMLDivElement>(null);
  const sequencer = useRef<Sequencer | null>(null);
  const [showing, setShowing] = useState(false);

  useEffect(() => {
    const stage = new DomStage({ layers: [layerA.current!, layerB.current!], blackout: blackout.current! }, setShowing);
    const current = new Sequencer(stage);
    sequencer.current = current;
    const onVisibilityChange = () => (document.hidden ? current.pause() : current.resume());
    onVisibilityChange();
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      current.stop();
      sequencer.current = null;
    };
  }, []);

  // Keyed by content, so that a change of overlay alone, or an identical answer, leaves the show alone.
  const slidesJson = useMemo(() => JSON.stringify(slidesFromData(data)), [data]);
  const slides = useMemo(() => JSON.parse(slidesJson) as Slide[], [slidesJson]);
  const config = configFromData(data);
  const { cycleTime, transitionDuration, randomOrder } = config;

  useEffect(() => {
    sequencer.current?.start(slides, { cycleTime, transitionDuration, randomOrder }, { still: reducedMotion });
  }, [slides, cycleTime, transitionDuration, randomOrder, reducedMotion]);

  const overlay = overlayFromConfig(config);
  const overlayStyle: CSSProperties = {
    backgroundColor: overlay.color,
    // The tint belongs to the pictures; the page's own background is already dimmed as it should be.
    opacity: showing ? overlay.opacity : 0,
    transitionDuration: `${reducedMotion ? 0 : transitionDuration}ms`,
  };

  return (
    <div className="background-slider" data-showing={showing || undefined}>
      <div className="background-slider__layer" ref={layerA} data-layer="a" />
      <div className="background-slider__layer" ref={layerB} data-layer="b" />
      <div className="background-slider__blackout" ref={blackout} />
      <div className="background-slider__overlay" style={overlayStyle} />
    </div>
  );
}
