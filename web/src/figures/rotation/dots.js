// One small dot per position on the unit circle, painted into a canvas at the screen's resolution: thousands of
// overlapping discs cost far less as pixels than as SVG geometry to rasterize.
import { cssVar } from '../../ui/colors.js';
import { onThemeChange } from '../../ui/theme.js';

const DOT_RADIUS = 1.5; // CSS px
const DOT_SUBPIXELS = 8; // a dot's centre is placed to 1/8 of a device pixel

/**
 * A canvas of dots that paints again only when what it shows changes (the positions drawn, its size, the
 * screen's resolution or the colour scheme).
 * @param {HTMLElement} colorSource the element whose --muted colour the dots take
 * @param {() => void} repaint called when the scheme or the screen's resolution changes (browser zoom, another
 *   monitor): the next paint paints whatever it shows
 */
export function dotLayer(colorSource, repaint) {
  const canvas = document.createElement('canvas');
  canvas.className = 'pe-rotation-dots';
  canvas.setAttribute('aria-hidden', 'true');
  let key = null;
  let color = null; // colorWords of --muted, read again after a change of scheme
  let image = null; // the canvas's pixels, kept between paints
  let cover = null; // the alpha of each of those pixels
  let stamps = null; // discStamps for the current size
  const stopTheme = onThemeChange(() => {
    color = null;
    key = null;
    repaint();
  });
  let ratio = null;
  const onRatio = () => {
    watchRatio();
    repaint();
  };
  function watchRatio() {
    ratio?.removeEventListener('change', onRatio);
    ratio = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    ratio.addEventListener('change', onRatio);
  }
  watchRatio();
  // WebKit shows none of the pixels put into the canvas before content-visibility: auto first renders its
  // section (the article mounts figures ahead of the reader): they are put again in the frame after the section
  // renders, each time it does (one put of the kept pixels).
  let frame = 0;
  const onVisibility = (event) => {
    if (event.skipped || !(event.target instanceof Node) || !event.target.contains(canvas)) return;
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      if (image) canvas.getContext('2d').putImageData(image, 0, 0);
    });
  };
  document.addEventListener('contentvisibilityautostatechange', onVisibility, true);

  /**
   * One disc per position 0..count-1 centred on (sin[p], cos[p]), the circle's [-domain, domain] square shown
   * `width` CSS pixels wide. Each pixel takes the coverage of the disc that covers it most, so overlapping dots
   * merge as one shape.
   */
  function paint({ sin, cos, count, width, domain, id }) {
    const ratio = window.devicePixelRatio || 1;
    const next = `${id} ${count} ${width} ${ratio}`;
    if (next === key) return;
    key = next;
    const size = Math.max(1, Math.round(width * ratio));
    if (canvas.width !== size) {
      canvas.width = size;
      canvas.height = size;
    }
    canvas.style.width = `${width}px`;
    canvas.style.height = `${width}px`;
    const ctx = canvas.getContext('2d');
    if (image?.width !== size) {
      image = ctx.createImageData(size, size);
      cover = new Uint8Array(size * size);
    }
    // One 32-bit store per pixel: the colour with its alpha, packed in the platform's byte order.
    const words = new Uint32Array(image.data.buffer, image.data.byteOffset, size * size);
    words.fill(0);
    cover.fill(0);
    color ??= colorWords(cssVar('--muted', colorSource));
    const reach = DOT_RADIUS * ratio + 0.5; // coverage falls from 1 to 0 over the half pixel either side
    if (stamps?.reach !== reach || stamps.size !== size) stamps = discStamps(reach, size);
    const { half } = stamps;
    const scale = (width * ratio) / (2 * domain);
    const target = { words, cover, color, size };
    for (let p = 0; p < count; p += 1) {
      const cx = (sin[p] + domain) * scale;
      const cy = (domain - cos[p]) * scale;
      const ix = Math.floor(cx);
      const iy = Math.floor(cy);
      const stamp = stamps.stamps[((cy - iy) * DOT_SUBPIXELS) | 0][((cx - ix) * DOT_SUBPIXELS) | 0];
      // Inside the canvas with room for the whole disc (always, in practice: the circle leaves a margin).
      const inside = ix >= half && iy >= half && ix + half < size && iy + half < size;
      stampDisc(target, stamp, ix, iy, inside);
    }
    ctx.putImageData(image, 0, 0);
  }

  return {
    canvas,
    paint,
    stop() {
      stopTheme();
      cancelAnimationFrame(frame);
      document.removeEventListener('contentvisibilityautostatechange', onVisibility, true);
      ratio.removeEventListener('change', onRatio);
    },
  };
}

/**
 * The pixels a disc covers, for each of DOT_SUBPIXELS^2 places of its centre inside a pixel of a canvas `size`
 * pixels wide: `reach` is how far from the centre its edge ends (radius plus half a pixel of smoothing).
 * stamps[y][x] lists the covered pixels: offset from the centre's pixel in the canvas (dy * size + dx), dx, dy,
 * and the coverage as an alpha 1..255. `half` is the farthest any of them lies from the centre's pixel.
 */
function discStamps(reach, size) {
  const half = Math.ceil(reach);
  const stamps = [];
  for (let sy = 0; sy < DOT_SUBPIXELS; sy += 1) {
    const row = [];
    for (let sx = 0; sx < DOT_SUBPIXELS; sx += 1) {
      const fx = (sx + 0.5) / DOT_SUBPIXELS;
      const fy = (sy + 0.5) / DOT_SUBPIXELS;
      row.push(stampAt(fx, fy, reach, half, size));
    }
    stamps.push(row);
  }
  return { reach, size, stamps, half };
}

/** A CSS colour with every alpha 0..255, as RGBA words in the platform's byte order (entry a has alpha a). */
function colorWords(color) {
  const probe = document.createElement('canvas');
  probe.width = 1;
  probe.height = 1;
  const ctx = probe.getContext('2d', { willReadFrequently: true });
  ctx.fillStyle = color;
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  const words = new Uint32Array(256);
  const bytes = new Uint8Array(words.buffer);
  for (let a = 0; a < 256; a += 1) bytes.set([r, g, b, a], a * 4);
  return words;
}

/** The pixels one disc covers with its centre at (fx, fy) inside its pixel (see discStamps). */
function stampAt(fx, fy, reach, half, size) {
  const offsets = [];
  const dx = [];
  const dy = [];
  const alphas = [];
  for (let j = -half; j <= half; j += 1) {
    for (let i = -half; i <= half; i += 1) {
      const coverage = reach - Math.hypot(i + 0.5 - fx, j + 0.5 - fy);
      const alpha = Math.round(Math.min(1, coverage) * 255);
      if (alpha <= 0) continue;
      offsets.push(j * size + i);
      dx.push(i);
      dy.push(j);
      alphas.push(alpha);
    }
  }
  return {
    offsets: Int32Array.from(offsets),
    dx: Int32Array.from(dx),
    dy: Int32Array.from(dy),
    alphas: Uint8Array.from(alphas),
  };
}

/**
 * Writes one disc's stamp at pixel (ix, iy): each pixel keeps the coverage of the disc that covers it most.
 * `inside` says the whole stamp lies on the canvas, so no pixel needs a bounds check.
 */
function stampDisc({ words, cover, color, size }, { offsets, dx, dy, alphas }, ix, iy, inside) {
  const at = iy * size + ix;
  for (let k = 0; k < offsets.length; k += 1) {
    if (!inside) {
      const px = ix + dx[k];
      const py = iy + dy[k];
      if (px < 0 || py < 0 || px >= size || py >= size) continue;
    }
    const o = at + offsets[k];
    const alpha = alphas[k];
    if (alpha > cover[o]) {
      cover[o] = alpha;
      words[o] = color[alpha];
    }
  }
}
