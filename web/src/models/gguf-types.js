// ggml's tensor types as GGUF numbers them (ggml/include/ggml.h, enum ggml_type), with the elements per block and
// bytes per block of each (ggml/src/ggml.c, type_traits). The reader decodes F32, F16, BF16 and Q8_0; it knows
// every other type by name, to size its tensors and to refuse them clearly.

/** @type {Record<number, { name: string, block: number, bytes: number }>} */
export const GGML_TYPES = {
  0: { name: 'F32', block: 1, bytes: 4 },
  1: { name: 'F16', block: 1, bytes: 2 },
  2: { name: 'Q4_0', block: 32, bytes: 18 },
  3: { name: 'Q4_1', block: 32, bytes: 20 },
  6: { name: 'Q5_0', block: 32, bytes: 22 },
  7: { name: 'Q5_1', block: 32, bytes: 24 },
  8: { name: 'Q8_0', block: 32, bytes: 34 },
  9: { name: 'Q8_1', block: 32, bytes: 36 },
  10: { name: 'Q2_K', block: 256, bytes: 84 },
  11: { name: 'Q3_K', block: 256, bytes: 110 },
  12: { name: 'Q4_K', block: 256, bytes: 144 },
  13: { name: 'Q5_K', block: 256, bytes: 176 },
  14: { name: 'Q6_K', block: 256, bytes: 210 },
  15: { name: 'Q8_K', block: 256, bytes: 292 },
  16: { name: 'IQ2_XXS', block: 256, bytes: 66 },
  17: { name: 'IQ2_XS', block: 256, bytes: 74 },
  18: { name: 'IQ3_XXS', block: 256, bytes: 98 },
  19: { name: 'IQ1_S', block: 256, bytes: 50 },
  20: { name: 'IQ4_NL', block: 32, bytes: 18 },
  21: { name: 'IQ3_S', block: 256, bytes: 110 },
  22: { name: 'IQ2_S', block: 256, bytes: 82 },
  23: { name: 'IQ4_XS', block: 256, bytes: 136 },
  24: { name: 'I8', block: 1, bytes: 1 },
  25: { name: 'I16', block: 1, bytes: 2 },
  26: { name: 'I32', block: 1, bytes: 4 },
  27: { name: 'I64', block: 1, bytes: 8 },
  28: { name: 'F64', block: 1, bytes: 8 },
  29: { name: 'IQ1_M', block: 256, bytes: 56 },
  30: { name: 'BF16', block: 1, bytes: 2 },
  34: { name: 'TQ1_0', block: 256, bytes: 54 },
  35: { name: 'TQ2_0', block: 256, bytes: 66 },
  39: { name: 'MXFP4', block: 32, bytes: 17 },
};

/** GGUF metadata value types (gguf.md, gguf_metadata_value_type): fixed sizes, or 0 for string and array. */
export const VALUE_TYPES = [
  { name: 'uint8', size: 1 },
  { name: 'int8', size: 1 },
  { name: 'uint16', size: 2 },
  { name: 'int16', size: 2 },
  { name: 'uint32', size: 4 },
  { name: 'int32', size: 4 },
  { name: 'float32', size: 4 },
  { name: 'bool', size: 1 },
  { name: 'string', size: 0 },
  { name: 'array', size: 0 },
  { name: 'uint64', size: 8 },
  { name: 'int64', size: 8 },
  { name: 'float64', size: 8 },
];
