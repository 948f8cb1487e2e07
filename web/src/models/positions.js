// Which tensors of a checkpoint hold its positions, found by name. A learned table's first row is not always
// position 0: OPT's table has 2 rows before it (OPTLearnedPositionalEmbedding, offset = 2, in transformers'
// models/opt/modeling_opt.py; BART's does the same), and RoBERTa's position ids start at padding_idx + 1 = 2
// (create_position_ids_from_input_ids and create_position_ids_from_inputs_embeds in
// models/roberta/modeling_roberta.py). Whisper's embed_positions has no offset (WhisperPositionalEmbedding in
// models/whisper/modeling_whisper.py).

/**
 * @typedef {object} PositionTensor
 * @property {string} name
 * @property {'learned' | 't5-bias' | 'rope-freqs'} kind a table of positions, T5's bucketed bias, or RoPE's
 *   per-frequency factors
 * @property {'encoder' | 'decoder' | null} role in an encoder-decoder model
 * @property {number} firstPosition the row that position 0 reads (0 but for OPT, BART and RoBERTa)
 * @property {number[]} shape rows first
 * @property {string} note where the layout comes from
 */

const ROBERTA_TYPES = new Set([
  'roberta',
  'xlm-roberta',
  'xlm-roberta-xl',
  'camembert',
  'roberta-prelayernorm',
  'longformer',
]);
const OFFSET_TWO_TYPES = new Set(['opt', 'bart', 'mbart', 'blenderbot', 'plbart']);

/** @param {string} name @returns {'encoder' | 'decoder' | null} */
const roleOf = (name) =>
  /(^|[.])(encoder|enc)[.]/.test(name) ? 'encoder' : /(^|[.])(decoder|dec)[.]/.test(name) ? 'decoder' : null;

/**
 * @typedef {object} Hints
 * @property {string | null} modelType
 * @property {number | null} padTokenId
 * @property {boolean} whisper
 */

/** Each rule: a name pattern, then the kind, the row of position 0 and a note. */
const RULES =
  /** @type {[RegExp, (h: Hints, name: string) => [PositionTensor['kind'], number, string]][]} */ ([
    [/^(transformer[.])?wpe[.]weight$/, () => ['learned', 0, 'GPT-2 learned table (wpe)']],
    // The lab's own weights file (lab/safetensors-export.js): its PyTorch model's parameter, unprefixed.
    [/^wpe$/, () => ['learned', 0, 'PE Explorer lab learned table (wpe)']],
    [
      /(^|[.])embeddings[.]position_embeddings[.]weight$/,
      (h, name) =>
        (h.modelType !== null && ROBERTA_TYPES.has(h.modelType)) ||
        /^(roberta|xlm[-_]roberta|camembert)[.]/.test(name)
          ? [
              'learned',
              (h.padTokenId ?? 1) + 1,
              'RoBERTa learned table: position ids start at padding_idx + 1',
            ]
          : ['learned', 0, 'BERT learned table'],
    ],
    [
      /(^|[.])embed_positions[.]weight$/,
      (h) =>
        h.whisper
          ? ['learned', 0, 'Whisper position table (no offset)']
          : h.modelType === null || OFFSET_TWO_TYPES.has(h.modelType)
            ? ['learned', 2, 'OPT/BART learned table: 2 rows before position 0']
            : ['learned', 0, 'learned table'],
    ],
    [
      /(^|[.])block[.]0[.]layer[.]0[.]SelfAttention[.]relative_attention_bias[.]weight$/,
      () => ['t5-bias', 0, 'T5 relative attention bias: buckets by heads'],
    ],
    [/^position_embd[.]weight$/, () => ['learned', 0, 'GGUF learned table (position_embd)']],
    [/^rope_freqs[.]weight$/, () => ['rope-freqs', 0, 'GGUF RoPE frequency factors (rope_freqs)']],
    [/(^|[.])attn_rel_b([.]weight)?$/, () => ['t5-bias', 0, 'GGUF T5 relative attention bias (attn_rel_b)']],
  ]);

/**
 * @param {{ name: string, shape: number[] }[]} tensors every tensor of the checkpoint
 * @param {{ modelType?: string | null, padTokenId?: number | null }} [hints] from config.json, when given
 * @returns {{ found: PositionTensor[], candidates: { name: string, shape: number[] }[] }} the position tensors,
 *   or, when no name matches, every 2-D tensor for the reader to pick
 */
export function findPositionTensors(tensors, hints = {}) {
  const modelType = hints.modelType ?? null;
  /** @type {Hints} */
  const h = {
    modelType,
    padTokenId: hints.padTokenId ?? null,
    whisper: modelType === 'whisper' || tensors.some((t) => /(^|[.])encoder[.]conv1[.]weight$/.test(t.name)),
  };
  /** @type {PositionTensor[]} */
  const found = [];
  for (const { name, shape } of tensors) {
    const rule = RULES.find(([pattern]) => pattern.test(name));
    if (!rule) continue;
    const [kind, firstPosition, note] = rule[1](h, name);
    found.push({ name, kind, role: roleOf(name), firstPosition, shape: [...shape], note });
  }
  const candidates =
    found.length > 0
      ? []
      : tensors.filter((t) => t.shape.length === 2).map((t) => ({ name: t.name, shape: [...t.shape] }));
  return { found, candidates };
}
