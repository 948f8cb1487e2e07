// Where the gallery's values were checked: repositories at fixed commits, named once.
export const MLC =
  'mlc-ai/mlc-llm python/mlc_llm/model/model_preset.py @ 79d603f085f50500e9509fa01785ffa7ecfaaa93';
export const HF = 'huggingface/transformers src/transformers/models';
export const LLAMA_CONVERT = `${HF}/llama/convert_llama_weights_to_hf.py @ 01cc9cd9d804d368d553c093c4eb0646320545bb`;
export const LLAMA_MODELS = 'meta-llama/llama-models @ a9c89c471f793423afd4cc3ca8671d6e56fe64cb';
export const DEEPSEEK = 'deepseek-ai/DeepSeek-V3 @ 9b4e9788e4a3a731f7567338ed15d3ec549ce03b';
