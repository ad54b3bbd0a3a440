import { forwardRef, useEffect, useRef, type CSSProperties, type KeyboardEvent } from 'react';
import {
  Cropper,
  getBackgroundStyle,
  ImageRestriction,
  type CropperRef,
  type CropperState,
} from 'react-advanced-cropper';
import 'react-advanced-cropper/dist/style.css';
import 'react-advanced-cropper/dist/themes/default.css';
import type { Crop } from '../../../shared/supermatches.ts';
import { cropToRect, FRAME_RATIO, rectToCrop, type Rect } from '../../lib/portrait.ts';
import { cropSizeLimits, NUDGE_PX, NUDGE_SHIFT_PX, zoomRect, ZOOM_IN_STEP, ZOOM_OUT_STEP } from './crop-math.ts';

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};
const ZOOM_KEYS: Record<string, number> = {
  '+': ZOOM_IN_STEP,
  '=': ZOOM_IN_STEP,
  '-': ZOOM_OUT_STEP,
  _: ZOOM_OUT_STEP,
};

/**
 * The picture behind the frame: the library's own background image, with an
 * empty alt (the cropper's label names it) which the library's cannot take.
 */
const PictureBackground = forwardRef<
  HTMLImageElement,
  { cropper: CropperRef; className?: string; style?: CSSProperties }
>(function PictureBackground({ cropper, className, style }, ref) {
  const state = cropper.getState();
  const image = cropper.getImage();
  if (!image) return null;
  const placed = state ? getBackgroundStyle(image, state, cropper.getTransitions()) : {};
  return (
    <img
      key={image.src}
      ref={ref}
      className={`advanced-cropper-background-image ${className ?? ''}`}
      src={image.src}
      alt=""
      style={{ ...placed, ...style }}
      onMouseDown={(e) => e.preventDefault()}
    />
  );
});

/** The view starts on the picture and the framed region together, with a little room around them. */
function startingView(state: CropperState): Rect {
  const { imageSize, boundary, coordinates } = state;
  const box = coordinates ?? { left: 0, top: 0, ...imageSize };
  const left = Math.min(0, box.left);
  const top = Math.min(0, box.top);
  const right = Math.max(imageSize.width, box.left + box.width);
  const bottom = Math.max(imageSize.height, box.top + box.height);
  const boundaryRatio = boundary.width / boundary.height || 1;
  let width = (right - left) * 1.06;
  let height = (bottom - top) * 1.06;
  if (width / height > boundaryRatio) height = width / boundaryRatio;
  else width = height * boundaryRatio;
  return { left: (left + right - width) / 2, top: (top + bottom - height) / 2, width, height };
}

/**
 * The cropper: a 3:5 frame on the picture that the admin drags, resizes from
 * its handles, zooms with the wheel (x 1.02 or x 0.98 a notch) or the + and -
 * keys, and moves with the arrow keys (4 screen pixels, 12 with Shift). It may
 * reach beyond the picture, as a zoom below 1 or a position outside 0-100 %
 * does on the card. Every change is reported as the crop the card would store.
 */
export default function CropArea({
  src,
  initialCrop,
  label,
  describedBy,
  onCrop,
  onLoadError,
}: {
  src: string;
  /** Where the frame starts (read when the picture has loaded). */
  initialCrop: Crop;
  label: string;
  describedBy: string;
  onCrop: (crop: Crop) => void;
  onLoadError: () => void;
}) {
  const cropperRef = useRef<CropperRef>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const initial = useRef(initialCrop);
  const onCropRef = useRef(onCrop);
  useEffect(() => {
    onCropRef.current = onCrop;
  });

  const last = useRef(initialCrop);
  const report = (cropper: CropperRef) => {
    const state = cropper.getState();
    if (!state?.coordinates) return;
    last.current = rectToCrop(state.coordinates, state.imageSize, last.current);
    onCropRef.current(last.current);
  };
  const zoom = (factor: number) =>
    cropperRef.current?.setCoordinates((state) =>
      state.coordinates ? zoomRect(state.coordinates, factor, state.imageSize) : null,
    );

  // The wheel zooms the frame, not the page: a passive React listener could not stop the scroll.
  useEffect(() => {
    const box = boxRef.current!;
    const onWheel = (e: WheelEvent) => {
      if (e.deltaY === 0) return;
      e.preventDefault();
      zoom(e.deltaY < 0 ? ZOOM_IN_STEP : ZOOM_OUT_STEP);
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const arrow = ARROWS[e.key];
    const factor = ZOOM_KEYS[e.key];
    if (arrow) {
      const step = e.shiftKey ? NUDGE_SHIFT_PX : NUDGE_PX;
      // Screen pixels: the cropper turns them into picture pixels at the current view.
      cropperRef.current?.moveCoordinates({ left: arrow[0] * step, top: arrow[1] * step }, { interaction: false });
    } else if (factor) {
      zoom(factor);
    } else return;
    e.preventDefault();
  };

  return (
    <div
      ref={boxRef}
      className="smi-crop-area"
      role="group"
      aria-roledescription="cropper"
      aria-label={label}
      aria-describedby={describedBy}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <Cropper
        ref={cropperRef}
        src={src}
        className="smi-cropper"
        stencilProps={{ aspectRatio: FRAME_RATIO }}
        imageRestriction={ImageRestriction.none}
        sizeRestrictions={(state: CropperState) => cropSizeLimits(state.imageSize)}
        defaultCoordinates={(state: CropperState) => cropToRect(initial.current, state.imageSize)}
        defaultVisibleArea={startingView}
        backgroundComponent={PictureBackground}
        backgroundWrapperProps={{ scaleImage: { wheel: false, touch: true } }}
        canvas={false}
        checkOrientation={false}
        transformImage={{ adjustStencil: false }}
        onChange={report}
        onReady={report}
        onError={onLoadError}
      />
    </div>
  );
}
