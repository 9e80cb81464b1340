#!/usr/bin/env python3
"""Writes a tiny random-weight llama GGUF for Lectern's local-model tests and benchmarks.

Usage: make-tiny-gguf.py OUTPUT.gguf GGUF_PY_DIR [--endless]

Why random weights: no real model weights can be obtained where the tests run, and the tests
prove download -> verify -> load -> stream, not the quality of the text. GGUF_PY_DIR is the
`gguf-py` folder of the llama.cpp sources that node-llama-cpp ships (see
packages/lectern/test/support/tiny-gguf.ts), so the writer matches the runtime that reads it.
The file is deterministic for a seed, about 0.5 MB: 64 dimensions, 2 layers, a vocabulary of
SentencePiece-style byte tokens, ChatML control tokens and about a hundred English words.
"""
import sys

output, gguf_py_dir = sys.argv[1], sys.argv[2]
# --endless: a model that never ends its reply by itself (it runs to the token limit), for
# tests and benchmarks of cancellation and throughput.
endless = "--endless" in sys.argv[3:]
seed = 17
sys.path.insert(0, gguf_py_dir)

import numpy as np  # noqa: E402
import gguf  # noqa: E402

EMBED, LAYERS, HEADS, FEED_FORWARD, CONTEXT = 64, 2, 4, 128, 8192
WORD_MARK, OUTPUT_SCALE, LAYER_SCALE, WORD_LIFT = 4.0, 0.3, 0.05, 2.0
# About one chance in four to end after each word: replies of a few words, and one longer than
# the connection test's 48 tokens has a probability below 1e-6 (tests stay deterministic enough).
END_WEIGHT = 0.0 if endless else 3.5
WORDS = (
    "the a of to and is in that it for on with as was at by be this are from or an which we can "
    "derivative slope tangent line function power rule limit curve point value lecture class "
    "question answer teacher student example next time today remember chapter page note "
    "summary key idea means so if then when why how what yes no here there very more most "
    "first second third number rate change area integral graph x y z equal zero one two three"
).split()

tokens, scores, types = [], [], []
def add(piece, score, kind):
    tokens.append(piece.encode("utf-8"))
    scores.append(score)
    types.append(kind)

add("<unk>", 0.0, gguf.TokenType.UNKNOWN)
add("<s>", 0.0, gguf.TokenType.CONTROL)
add("</s>", 0.0, gguf.TokenType.CONTROL)
for byte in range(256):
    add(f"<0x{byte:02X}>", 0.0, gguf.TokenType.BYTE)
add("<|im_start|>", 0.0, gguf.TokenType.CONTROL)
add("<|im_end|>", 0.0, gguf.TokenType.CONTROL)
for letter in "abcdefghijklmnopqrstuvwxyz":
    add(letter, -10.0, gguf.TokenType.NORMAL)
add("\u2581", -5.0, gguf.TokenType.NORMAL)
for rank, word in enumerate(WORDS):
    add("\u2581" + word, -1.0 - rank / 100, gguf.TokenType.NORMAL)
special = {0, 1, 2, 259, 260}

rng = np.random.default_rng(seed)
def normal(*shape, scale=0.2):
    return (rng.standard_normal(shape) * scale).astype(np.float32)

writer = gguf.GGUFWriter(output, "llama")
writer.add_name("lectern-tiny-test")
writer.add_context_length(CONTEXT)
writer.add_embedding_length(EMBED)
writer.add_block_count(LAYERS)
writer.add_feed_forward_length(FEED_FORWARD)
writer.add_head_count(HEADS)
writer.add_head_count_kv(HEADS)
writer.add_rope_dimension_count(EMBED // HEADS)
writer.add_layer_norm_rms_eps(1e-5)
writer.add_file_type(gguf.LlamaFileType.ALL_F32)
writer.add_tokenizer_model("llama")
writer.add_token_list(tokens)
writer.add_token_scores(scores)
writer.add_token_types(types)
writer.add_bos_token_id(1)
writer.add_eos_token_id(260)
writer.add_unk_token_id(0)
writer.add_add_bos_token(False)
writer.add_chat_template(
    "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\n' + message['content'] + '<|im_end|>' + '\n'}}{% endfor %}"
    "{% if add_generation_prompt %}{{ '<|im_start|>assistant\n' }}{% endif %}"
)

vocab = len(tokens)
words = [index for index in range(vocab) if index not in special and index >= 259]
# Shaped randomness, so a reply is made of words and ends by itself: dimension 0 of a word's
# embedding is high and that of a byte or control token low, and only the end-of-turn token
# reads dimension 0; dimension 1 is high for every token and lifts every word's logit. The
# model therefore never ends right after the prompt's last token (a newline byte), and after
# each word it ends with a small probability under sampling (never, when endless).
embeddings = normal(vocab, EMBED, scale=1.0)
embeddings[:, 0] = -WORD_MARK
embeddings[words, 0] = WORD_MARK
embeddings[:, 1] = WORD_MARK
output_weights = normal(vocab, EMBED, scale=OUTPUT_SCALE)
output_weights[:, 0] = 0.0
output_weights[:, 1] = WORD_LIFT
for index in range(vocab):
    if index not in words:
        output_weights[index] = 0.0
output_weights[260, 0] = END_WEIGHT
writer.add_tensor("token_embd.weight", embeddings)
writer.add_tensor("output_norm.weight", np.ones(EMBED, dtype=np.float32))
writer.add_tensor("output.weight", output_weights)
for layer in range(LAYERS):
    prefix = f"blk.{layer}."
    writer.add_tensor(prefix + "attn_norm.weight", np.ones(EMBED, dtype=np.float32))
    for name in ("attn_q", "attn_k", "attn_v", "attn_output"):
        writer.add_tensor(prefix + name + ".weight", normal(EMBED, EMBED, scale=LAYER_SCALE))
    writer.add_tensor(prefix + "ffn_norm.weight", np.ones(EMBED, dtype=np.float32))
    writer.add_tensor(prefix + "ffn_gate.weight", normal(FEED_FORWARD, EMBED, scale=LAYER_SCALE))
    writer.add_tensor(prefix + "ffn_up.weight", normal(FEED_FORWARD, EMBED, scale=LAYER_SCALE))
    writer.add_tensor(prefix + "ffn_down.weight", normal(EMBED, FEED_FORWARD, scale=LAYER_SCALE))

writer.write_header_to_file()
writer.write_kv_data_to_file()
writer.write_tensors_to_file()
writer.close()
