// The lab's model (docs/lab-model.md) in TensorFlow.js, for bench/lab-peers.bench.mjs: the same shapes and
// parameters in buffer order, pre-LayerNorm blocks, RoPE (half or interleaved), the tanh GELU, mean
// cross-entropy over the targets that are not -1, global-norm clipping and AdamW exactly as torch.optim.AdamW
// (tf.train.adam has neither decoupled decay nor PyTorch's placement of epsilon), and the contract's learning
// rate schedule. One training step = forward + backward (tf.variableGrads) + clip + update, eagerly, on
// whichever backend is set (the bench sets `wasm`).
//
// Written with the ops a TF.js user would reach for, with two choices forced by the wasm backend: the token
// embedding is a one-hot product (tf.gather's gradient needs UnsortedSegmentSum, which the wasm backend does not
// have), and the causal mask is added as a constant (-1e9 above the diagonal: after softmax exactly the zeros
// that -infinity gives, with no infinity in the backward pass).
import * as tf from '@tensorflow/tfjs';

/** The contract's parameters as [name, shape] in buffer order (no `learned` table: rope, alibi, none only). */
export function paramShapes(c) {
  const { dModel: d, vocab: V, classes: C, nLayers: L } = c;
  const shapes = [['wte', [V, d]]];
  for (let i = 0; i < L; i += 1) {
    shapes.push(
      [`l${i}.ln1.g`, [d]],
      [`l${i}.ln1.b`, [d]],
      [`l${i}.wq`, [d, d]],
      [`l${i}.wk`, [d, d]],
      [`l${i}.wv`, [d, d]],
      [`l${i}.wo`, [d, d]],
      [`l${i}.ln2.g`, [d]],
      [`l${i}.ln2.b`, [d]],
      [`l${i}.w1`, [d, 4 * d]],
      [`l${i}.b1`, [4 * d]],
      [`l${i}.w2`, [4 * d, d]],
      [`l${i}.b2`, [d]],
    );
  }
  shapes.push(['lnf.g', [d]], ['lnf.b', [d]], ['head.w', [d, C]], ['head.b', [C]]);
  return shapes;
}

const DECAYED = new Set(['wq', 'wk', 'wv', 'wo', 'w1', 'w2']);
let instances = 0;
const isDecayed = (name) => name === 'head.w' || DECAYED.has(name.split('.').at(-1));
const last = (name) => name.split('.').at(-1);

/** The contract's schedule at 0-based step t. */
export function learningRate(c, t) {
  if (t < c.warmup) return (c.lr * (t + 1)) / c.warmup;
  const r = Math.min(1, (t - c.warmup) / Math.max(1, c.steps - c.warmup));
  return c.lr * (0.1 + 0.9 * 0.5 * (1 + Math.cos(Math.PI * r)));
}

// RoPE's cos and sin [n, dh/2] of theta = p * base^(-2i/dh), in double, rounded to float32.
function ropeTables(n, dh, base) {
  const half = dh / 2;
  const cos = new Float32Array(n * half);
  const sin = new Float32Array(n * half);
  for (let p = 0; p < n; p += 1) {
    for (let i = 0; i < half; i += 1) {
      const theta = p * base ** ((-2 * i) / dh);
      cos[p * half + i] = Math.cos(theta);
      sin[p * half + i] = Math.sin(theta);
    }
  }
  return [tf.tensor2d(cos, [n, half]), tf.tensor2d(sin, [n, half])];
}

/**
 * A lab model of config `c` (the contract's fields plus vocab and classes; scheme rope or none, per-token task).
 * `init` maps names to Float32Arrays (e.g. the engine's, from pe-lab-dump); without it the contract's
 * distributions are drawn from `seed`.
 */
export function createTfjsLab(c, init = null) {
  const { dModel: d, nHeads: h, nLayers: L, length: n, batch: B, vocab: V } = c;
  const dh = d / h;
  const N = B * n;
  if (c.pooled || !['rope', 'none'].includes(c.scheme))
    throw new Error('lab-tfjs: per-token tasks, rope or none');
  let seed = c.seed ?? 1;
  const prefix = `lab${(instances += 1)}.`; // TF.js variable names are global
  const P = {};
  for (const [name, shape] of paramShapes(c)) {
    const kind = last(name);
    let value;
    if (init) value = tf.tensor(init[name], shape);
    else if (kind === 'g') value = tf.ones(shape);
    else if (kind === 'b' || kind === 'b1' || kind === 'b2') value = tf.zeros(shape);
    else {
      const std = kind === 'wo' || kind === 'w2' ? 0.02 / Math.sqrt(2 * L) : 0.02;
      value = tf.randomNormal(shape, 0, std, 'float32', (seed += 1));
    }
    P[name] = tf.variable(value, true, prefix + name);
    value.dispose();
  }
  const names = Object.keys(P);
  const vars = Object.values(P);
  const moments = vars.map((v) => [tf.variable(tf.zerosLike(v), false), tf.variable(tf.zerosLike(v), false)]);

  const [cos, sin] = ropeTables(n, dh, c.base);
  const future = tf.tidy(() => tf.mul(tf.sub(1, tf.linalg.bandPart(tf.ones([n, n]), -1, 0)), -1e9));
  const scoreScale = 1 / Math.sqrt(dh);
  const embedScale = c.scaleEmbedding ? Math.sqrt(d) : 1;

  const layerNorm = (x, g, b) => {
    const xc = tf.sub(x, tf.mean(x, -1, true));
    const variance = tf.mean(tf.square(xc), -1, true);
    return tf.add(tf.mul(tf.mul(xc, tf.rsqrt(tf.add(variance, 1e-5))), g), b);
  };

  // x [B, h, n, dh] turned at positions 0..n-1: pairs (i, i + dh/2) or (2i, 2i + 1).
  const rope = (x) => {
    if (c.ropeConvention === 'interleaved') {
      const pairs = tf.reshape(x, [B, h, n, dh / 2, 2]);
      const [a, b] = tf.split(pairs, 2, -1).map((t) => tf.squeeze(t, [-1]));
      const rotated = [tf.sub(tf.mul(a, cos), tf.mul(b, sin)), tf.add(tf.mul(a, sin), tf.mul(b, cos))];
      return tf.reshape(tf.stack(rotated, -1), [B, h, n, dh]);
    }
    const [a, b] = tf.split(x, 2, -1);
    return tf.concat([tf.sub(tf.mul(a, cos), tf.mul(b, sin)), tf.add(tf.mul(a, sin), tf.mul(b, cos))], -1);
  };

  const heads = (x) => tf.transpose(tf.reshape(x, [B, n, h, dh]), [0, 2, 1, 3]);

  const attention = (u, i) => {
    let q = heads(tf.matMul(u, P[`l${i}.wq`]));
    let k = heads(tf.matMul(u, P[`l${i}.wk`]));
    const v = heads(tf.matMul(u, P[`l${i}.wv`]));
    if (c.scheme === 'rope') {
      q = rope(q);
      k = rope(k);
    }
    let scores = tf.mul(tf.matMul(q, k, false, true), scoreScale);
    if (c.causal) scores = tf.add(scores, future);
    const out = tf.matMul(tf.softmax(scores), v); // [B, h, n, dh]
    return tf.matMul(tf.reshape(tf.transpose(out, [0, 2, 1, 3]), [N, d]), P[`l${i}.wo`]);
  };

  const gelu = (z) => {
    const inner = tf.mul(tf.add(z, tf.mul(tf.pow(z, 3), 0.044715)), Math.sqrt(2 / Math.PI));
    return tf.mul(tf.mul(z, 0.5), tf.add(tf.tanh(inner), 1));
  };

  // Mean cross-entropy over the targets that are not -1 (whose one-hot rows are all zero).
  const loss = (tokens, targets, count) => {
    let x = tf.mul(tf.matMul(tf.oneHot(tokens, V).toFloat(), P.wte), embedScale); // [N, d]
    for (let i = 0; i < L; i += 1) {
      x = tf.add(x, attention(layerNorm(x, P[`l${i}.ln1.g`], P[`l${i}.ln1.b`]), i));
      const u = layerNorm(x, P[`l${i}.ln2.g`], P[`l${i}.ln2.b`]);
      const hidden = gelu(tf.add(tf.matMul(u, P[`l${i}.w1`]), P[`l${i}.b1`]));
      x = tf.add(x, tf.add(tf.matMul(hidden, P[`l${i}.w2`]), P[`l${i}.b2`]));
    }
    const logits = tf.add(tf.matMul(layerNorm(x, P['lnf.g'], P['lnf.b']), P['head.w']), P['head.b']);
    const picked = tf.sum(tf.mul(tf.logSoftmax(logits), tf.oneHot(targets, c.classes).toFloat()));
    return tf.div(tf.neg(picked), count);
  };

  let step = 0;
  const counted = (targets) => targets.reduce((s, t) => s + (t === -1 ? 0 : 1), 0);
  return {
    P,
    /** The loss and gradients (name -> tf.Tensor, caller disposes) on one batch, without an update. */
    lossAndGrads(tokens, targets) {
      const tk = tf.tensor1d(tokens, 'int32');
      const tg = tf.tensor1d(targets, 'int32');
      const { value, grads } = tf.variableGrads(() => loss(tk, tg, counted(targets)), vars);
      tk.dispose();
      tg.dispose();
      const byName = {};
      for (const name of names) byName[name] = grads[prefix + name];
      return { value, grads: byName };
    },
    /** One training step on B * n tokens and targets (Int32Arrays); returns the loss before the update. */
    train(tokens, targets) {
      const lr = learningRate(c, step);
      step += 1;
      const k = step;
      const value = tf.tidy(() => {
        const tk = tf.tensor1d(tokens, 'int32');
        const tg = tf.tensor1d(targets, 'int32');
        const { value: lossValue, grads } = tf.variableGrads(() => loss(tk, tg, counted(targets)), vars);
        const g = vars.map((v) => grads[v.name]);
        // clip_grad_norm_: every gradient times clip / (norm + 1e-6) when the global norm exceeds clip.
        let factor = tf.scalar(1);
        if (c.clip > 0) {
          const norm = tf.sqrt(tf.addN(g.map((t) => tf.sum(tf.square(t)))));
          factor = tf.where(tf.greater(norm, c.clip), tf.div(c.clip, tf.add(norm, 1e-6)), 1);
        }
        const stepSize = lr / (1 - 0.9 ** k);
        const correction2 = Math.sqrt(1 - 0.999 ** k);
        vars.forEach((p, j) => {
          const [m, v] = moments[j];
          const gj = tf.mul(g[j], factor);
          const decayed = isDecayed(names[j]) ? tf.mul(p, 1 - lr * c.weightDecay) : p;
          m.assign(tf.add(tf.mul(m, 0.9), tf.mul(gj, 1 - 0.9)));
          v.assign(tf.add(tf.mul(v, 0.999), tf.mul(tf.square(gj), 1 - 0.999)));
          const denom = tf.add(tf.div(tf.sqrt(v), correction2), 1e-8);
          p.assign(tf.sub(decayed, tf.mul(tf.div(m, denom), stepSize)));
        });
        return lossValue;
      });
      const out = value.dataSync()[0];
      value.dispose();
      return out;
    },
    dispose() {
      for (const v of vars) v.dispose();
      for (const [m, v] of moments) {
        m.dispose();
        v.dispose();
      }
      cos.dispose();
      sin.dispose();
      future.dispose();
    },
  };
}
