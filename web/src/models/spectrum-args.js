// TEMPORARY (replaced by the config branch's version)
const KEYS = {
  factor: 'factor',
  originalContext: 'originalMaxPositionEmbeddings',
  lowFreqFactor: 'lowFreqFactor',
  highFreqFactor: 'highFreqFactor',
  betaFast: 'betaFast',
  betaSlow: 'betaSlow',
  attentionFactor: 'attentionFactor',
  mscale: 'mscale',
  mscaleAllDim: 'mscaleAllDim',
  shortFactor: 'shortFactor',
  longFactor: 'longFactor',
};
export function spectrumArgs(rope, contextLength) {
  let scaling = null;
  if (rope.scaling) {
    scaling = { ropeType: rope.scaling.type === 'su' ? 'longrope' : rope.scaling.type };
    for (const [k, v] of Object.entries(KEYS))
      if (rope.scaling[k] !== null && rope.scaling[k] !== undefined) scaling[v] = rope.scaling[k];
  }
  const headDim = rope.headDim;
  const options =
    rope.rotaryDim !== null && rope.rotaryDim !== headDim
      ? { partialRotaryFactor: rope.rotaryDim / headDim }
      : {};
  return [headDim, rope.theta, contextLength, scaling, options];
}
