/**
 * Every number and default Lectern uses, in one place, named with its unit.
 * Routes, services and the CLI read from here; nothing else hard-codes a limit.
 */
export const limits = {
  /** Declared request body ceiling for JSON routes. */
  jsonBodyMaxBytes: 256 * 1024,
  /**
   * Arrays and objects within one another in a JSON body (the body itself is level 1). The
   * contract's bodies nest 3 deep at most (`{"alerts": {"keywords": [...]}}`); a body deeper
   * than this is refused before it is parsed, as what reads it recurses per level.
   */
  jsonBodyMaxNestingLevels: 64,
  /** Declared request body ceiling for multipart uploads (a 25 MiB file plus form overhead). */
  multipartBodyMaxBytes: 26 * 1024 * 1024,
  courseNameMaxChars: 120,
  entryTextMaxChars: 8000,
  sourceIdMaxChars: 128,
  /**
   * The router's limit on one path parameter (Fastify's `maxParamLength`, its default): ids are
   * UUIDs or short names, so anything longer names nothing and is refused before routing.
   */
  pathParamMaxChars: 100,
  entriesPageDefault: 200,
  entriesPageMax: 1000,
  sessionsPageDefault: 50,
  sessionsPageMax: 200,
  /** Rows fetched per SQLite query while streaming an export. */
  exportBatchRows: 2000,
} as const;

const MiB = 1024 * 1024;

/**
 * Byte budgets of everything kept in memory between requests. Each is a fixed ceiling whatever
 * the class's length or the number of classes (a whole semester fits: old data is evicted,
 * never accumulated), counted with the estimates of platform/memory-size.ts. Together with the
 * runtime itself they keep a long class with long entries within about 150 MB of RSS growth.
 */
export const memory = {
  /**
   * Tokenised and sentence-split entries, reused across tasks: about 12,000 entries of ordinary
   * speech, or 120 of 8,000 characters. What falls out is analysed again when a task needs it.
   * The sentences and terms a question reads of the class it is about come from the class's
   * kept analysis instead (context/class-analysis.ts, about 4 MB for a three-hour class), so
   * this cache serves key phrases, catch-ups and the notes' tagging.
   */
  entryAnalysisCacheMaxBytes: 10 * MiB,
  /**
   * A class's transcript kept in memory for its next task (features/assistant/class-transcripts.ts):
   * a two-hour class of ordinary speech is about 3.7 MB by this estimate; a longer one is read
   * from the database each time (the soak's 7.9 MiB class is).
   */
  keptTranscriptsMaxBytes: 4 * MiB,
  /**
   * Sentence objects (with their text and terms) kept per class between its questions
   * (builtin/class-sentences.ts): about 4,800 sentences of ordinary speech, what a rescue's
   * passage search reads on the answers bench's two-hour class (4,600); a whole two-hour class
   * (17,000) would take 7 MB. Two classes are kept at most (indexedClassesMax).
   */
  keptSentencesMaxBytes: 2 * MiB,
  /**
   * Characters of sentence text whose pattern facts are kept (text/text-facts.ts), per
   * generation (two at most): what a rescue's passage search reads on the answers bench's
   * two-hour class (4,600 sentences, about 460,000 characters) fits in the two.
   */
  textFactsGenerationChars: 300_000,
  /**
   * Classes whose entry search index is kept between questions (class-entry-index.ts): about
   * 3 MB for a two-hour class. One class at a time is the norm; the second is a past class
   * a student asks about meanwhile.
   */
  indexedClassesMax: 2,
  /** Passages and search index of course materials (a 2,000,000-character file takes tens of MB). */
  materialIndexCacheMaxBytes: 32 * MiB,
  /**
   * Event frames kept for replay. 4096 frames of ordinary entries take 1–2 MB; frames with
   * 8,000-character entries or long answers are fewer within the same budget.
   */
  replayRingMaxBytes: 8 * MiB,
  /** Frames waiting for one slow WebSocket client before it is told to resync instead. */
  clientQueueMaxBytes: 4 * MiB,
} as const;

export const events = {
  /** Frames kept for replay after a reconnect (`after_seq`). */
  ringCapacityFrames: 4096,
  /** Frames queued for one WebSocket client before it is told to resync instead. */
  clientQueueMaxFrames: 1024,
  /** How long a new WebSocket has to send its auth message. */
  wsAuthWindowMs: 5000,
  wsAuthMessageMaxChars: 4096,
  /** Clients only send auth and pings; anything bigger is refused by the WebSocket layer. */
  wsMaxPayloadBytes: 16 * 1024,
  /** Close code for policy violations (RFC 6455). */
  wsPolicyViolationCode: 1008,
} as const;

export const server = {
  defaultHost: '127.0.0.1',
  /** Random free port unless the host asks for one. */
  defaultPort: 0,
  tokenBytes: 32,
  connectionFileName: 'connection.json',
  databaseFileName: 'lectern.db',
  dataDirMode: 0o700,
  privateFileMode: 0o600,
  /**
   * How long a shutdown waits for in-flight requests before closing their connections anyway.
   * Idle keep-alive sockets are closed at once: they carry no request to wait for.
   */
  shutdownRequestGraceMs: 1000,
  /**
   * How long a WebSocket client has to answer the close frame before its socket is destroyed.
   * A client that stopped reading never answers, and ws itself would wait 30 s.
   */
  shutdownWebSocketCloseGraceMs: 250,
  /** How long closing the server may take once every connection has been cut. */
  shutdownStepTimeoutMs: 300,
  /**
   * The whole shutdown, SIGTERM to exit: whatever a step waits for, the process removes
   * connection.json and exits by then. A desktop host gives 2 s before it kills.
   */
  shutdownDeadlineMs: 1700,
  /** Close code sent to events clients when the server shuts down (RFC 6455 "going away"). */
  goingAwayCloseCode: 1001,
  /** How long `lectern open` waits for a running instance's health check before starting one. */
  openProbeTimeoutMs: 1500,
  /**
   * How long `lectern open` waits for an instance it started to say it is ready (a start takes
   * about a second; a large data dir's migrations a few): one that says nothing is stopped.
   */
  openStartTimeoutMs: 60_000,
} as const;

/** The one-time codes that hand the token to a browser page (`POST /auth/codes` → `/auth/exchange`). */
export const loginCodes = {
  /** 128 bits: guessing one within its lifetime is out of reach. */
  codeBytes: 16,
  lifetimeSeconds: 60,
  /** Unredeemed codes kept at once; the oldest is dropped first, so a loop cannot grow memory. */
  outstandingMax: 64,
} as const;

export const database = {
  /**
   * `NORMAL` in WAL mode: a commit is in the WAL (the OS page cache) before the answer is sent,
   * so an acknowledged entry survives kill -9 or a crash of Lectern — the durability the
   * contract asks for — and the database can never be corrupted. Only a power loss or kernel
   * crash may roll back the last commits. `FULL` would fsync every commit: on a laptop disk
   * that is milliseconds per append (tens under load), more than the whole append budget.
   */
  synchronous: 'NORMAL',
  busyTimeoutMs: 2000,
} as const;

/** Origins a desktop shell (Tauri) or its dev server load the UI from. Settings may add more. */
export const defaultAllowedOrigins: readonly string[] = [
  'tauri://localhost',
  'http://tauri.localhost',
  'https://tauri.localhost',
  'http://localhost:1420',
  'http://127.0.0.1:1420',
];

export const assistant = {
  questionMaxChars: 4000,
  historyMaxTurns: 12,
  historyContentMaxChars: 4000,
  recentMinutesMax: 120,
  /**
   * How far back a task looks when the request names no recent_minutes: a rescue needs the last
   * moments, a catch-up (and the recent part of a follow-up's context) more. A summary reads all.
   */
  rescueWindowMinutesDefault: 3,
  catchupWindowMinutesDefault: 10,
  followupWindowMinutesDefault: 10,
  /**
   * The most transcript a rescue, catch-up or follow-up reads as "recent", counted back from the
   * last entry: ten minutes of fast speech are about 15,000 characters. Bounds what one task
   * analyses at once however fast a client posts.
   */
  recentWindowMaxChars: 200_000,
  activeTasksMax: 4,
  /** Completion budget of a provider call for a task. */
  taskMaxTokens: 2048,
  /** The connection test asks for a few words only. */
  connectionTestMaxTokens: 48,
  /** The connection test's own ceiling, on top of the provider's timeout_seconds. */
  connectionTestDeadlineMs: 60_000,
  /** `assistant.delta` frames are coalesced to at most one per this interval per task. */
  deltaFlushIntervalMs: 30,
} as const;

/** Limits of the settings object; the contract fixes the LLM ranges and the keyword limits. */
export const settingsLimits = {
  llmTimeoutSecondsMin: 5,
  llmTimeoutSecondsMax: 180,
  llmTimeoutSecondsDefault: 45,
  llmContextCharactersMin: 1000,
  llmContextCharactersMax: 64_000,
  llmContextCharactersDefault: 16_000,
  modelNameMaxChars: 200,
  modelIdMaxChars: 200,
  /** Long enough for any real endpoint; bounds what a row and a log line can carry. */
  urlMaxChars: 2048,
  asrLanguageMinChars: 2,
  asrLanguageMaxChars: 20,
  alertKeywordsMaxItems: 100,
  alertKeywordMaxChars: 80,
  allowedOriginsMaxItems: 32,
  originMaxChars: 200,
  /** The UI's own preferences are opaque to Lectern; this only keeps them from growing without bound. */
  appearanceMaxBytes: 16 * 1024,
  /** ClassFox `asr.*` fields kept for round trip: how many, how long a name and a text value may be. */
  classFoxAsrFieldsMax: 32,
  classFoxAsrFieldNameMaxChars: 64,
  classFoxAsrValueMaxChars: 2048,
} as const;

export const credentials = {
  valueMaxChars: 8192,
} as const;

/** Calls to an OpenAI-compatible provider (byok). */
export const provider = {
  /** Contract: a provider that has not accepted the connection by then is unreachable. */
  connectTimeoutMs: 5_000,
  /** Contract: a longer answer is refused rather than stored. Counted in Unicode code points. */
  answerMaxChars: 64_000,
  /**
   * Caps what is read in total, reasoning and framing included, and the size of one event, so a
   * provider that streams endless reasoning or one line without end cannot exhaust memory.
   */
  responseMaxBytes: 16 * 1024 * 1024,
  eventMaxChars: 1024 * 1024,
} as const;

/** Course materials: what an upload may be, and how its parse is bounded. */
export const materials = {
  /** Contract: the file itself; the multipart body around it may reach limits.multipartBodyMaxBytes. */
  fileMaxBytes: 25 * 1024 * 1024,
  filenameMaxChars: 200,
  /** A filename made only of characters the safe basename drops is stored as this. */
  fallbackFilename: 'material',
  pagesMax: 1000,
  charactersMax: 2_000_000,
  archiveEntriesMax: 10_000,
  /**
   * What one file may unpack to while it is read: a PPTX's or DOCX's entries, a PDF's compressed
   * streams. Counted as they inflate, before the bytes are allocated: the sizes a file declares
   * may lie.
   */
  unpackedMaxBytes: 128 * MiB,
  /**
   * An archive entry inflating more than this many times its packed size is a zip bomb. Office
   * XML packs about 5–20 times; long runs of one character (what bombs are made of) pack ~1000.
   */
  archiveEntryRatioMax: 200,
  /** Small entries may pack well by chance (an empty table); the ratio is judged above this size. */
  archiveRatioFloorBytes: 1 * MiB,
  /**
   * A PDF whose streams unpack to more than this many times the file's size is a decompression
   * bomb. Page contents and fonts pack 2–10 times; pdf.js decodes a stream again for each page
   * that draws it, which the margin leaves room for. Judged over the whole file: pdf.js does not
   * say which stream a decoder reads from.
   */
  pdfStreamsRatioMax: 100,
  /** A small PDF may draw a lot (one formula of many strokes); its ratio is judged above this. */
  pdfStreamsRatioFloorBytes: 16 * MiB,
  parseTimeoutMs: 30_000,
  /**
   * Heap of the process that parses one file. A 1000-page PDF takes pdf.js about 200 MiB; a
   * parse that needs more is refused (422) instead of taking the server's memory.
   */
  parseWorkerHeapMb: 512,
  /** Each of V8's two semi-spaces; the young generation they make takes three times this. */
  parseWorkerSemiSpaceMb: 16,
  /** A parse process's own runtime besides its heap: Node itself, its compiled code and libraries. */
  parseWorkerBaseMb: 64,
  /**
   * All parses running at once stay within this memory, each counted at the most it may take
   * (parse-memory.ts: 752 MiB plus twice the file, so 802 MiB for a 25 MiB file): two parses
   * fit, a third upload waits, unread, for one of them to end.
   */
  parseMemoryBudgetMb: 1664,
  pageDefault: 50,
  pageMax: 200,
} as const;

/** Explicit import of a Lectern 1.x data folder and `.env` file. */
export const legacy = {
  fileMaxBytes: 20 * 1024 * 1024,
  envFileMaxBytes: 128 * 1024,
  pathMaxChars: 4096,
} as const;

export const defaults = {
  courseName: 'Untitled class',
} as const;

const MB = 1000 * 1000;

/** The model manager (features/models): downloads, verification, progress. */
export const models = {
  /** Directory under the data dir that holds one folder per installed model. */
  directoryName: 'models',
  /** Suffix of a file still being downloaded; what a later install resumes from. */
  partialSuffix: '.partial',
  /** Free space an install needs beyond its files: twice what is left to download, plus this. */
  freeSpaceHeadroomBytes: 256 * MiB,
  freeSpaceSizeFactor: 2,
  /**
   * How far a file may stray from the manifest's approximate size: an unpinned file outside it
   * is refused, and no file may be longer than its size plus this share (the per-file cap).
   */
  sizeToleranceRatio: 0.1,
  /** A connection cut mid-file is resumed with a Range request this many times before `failed`. */
  resumeRetriesMax: 2,
  resumeRetryDelayMs: 250,
  redirectsMax: 5,
  /** No answer (headers, or the next bytes) for this long counts as a cut connection. */
  downloadStallTimeoutMs: 30_000,
  /** `model.installation` frames per model are at most one per this interval (≤ 10/s). */
  progressIntervalMs: 100,
  /** The transfer rate reported in progress events is measured over this trailing window. */
  rateWindowMs: 2000,
  /** Chunk size of file writes and of re-hashing a partial file before resuming. */
  ioChunkBytes: 1 * MiB,
  /**
   * A download stops reading its socket while this much received data is not yet on disk:
   * bounds the memory a slow disk can cost while leaving the writer a few batches to work on.
   */
  downloadUnwrittenBytesMax: 8 * MiB,
  /** Approximate sizes of the publishers' files (see manifest.ts): progress and free space only. */
  senseVoiceModelApproxBytes: 239 * MB,
  senseVoiceTokensApproxBytes: 316 * 1000,
  sileroVadApproxBytes: 2.3 * MB,
  qwen25InstructQ4ApproxBytes: 1100 * MB,
  /**
   * The load probe (a child process that loads the model and asks it a fixed prompt, or decodes
   * a second of silence) must answer within this; a 1.1 GB GGUF loads in seconds on a laptop.
   */
  probeTimeoutMs: 180_000,
  /** Tokens the probe asks the LLM for: proof of a reply, not an answer. */
  probeMaxTokens: 8,
  /** A started model nobody has used for this long is unloaded (LECTERN_MODEL_IDLE_SECONDS overrides). */
  idleUnloadMs: 15 * 60_000,
  /** The local LLM's context window, in tokens, at most (a model trained on less gets its own). */
  llmContextTokensMax: 8192,
  /**
   * Characters per token assumed when turning the context window into a context budget: low on
   * purpose (Chinese runs ~1.5, English ~4), so a prompt that fits the budget fits the window.
   */
  llmCharsPerTokenEstimate: 2,
  /**
   * CPU threads of the local LLM: all cores but one, at least one. node-llama-cpp's default
   * (>= 4) oversubscribes a 2-core machine and runs several times slower.
   */
  llmThreadsReservedCores: 1,
  /** Sampling of the local LLM: Qwen2.5's recommended settings for chat. */
  llmTemperature: 0.7,
  llmTopP: 0.8,
  llmTopK: 20,
} as const;

/** Debian's pocketsphinx: no download, listed ready when its packages are installed. */
export const systemRecogniser = {
  id: 'pocketsphinx-en',
  /** The decoder Lectern runs, from Debian's package `pocketsphinx` (features/audio/speech/recognisers/pocketsphinx-engine.ts). */
  executable: 'pocketsphinx_batch',
  /** Package `pocketsphinx-en-us`: the acoustic model folder and the dictionary beside it. */
  modelDir: '/usr/share/pocketsphinx/model/en-us',
  packages: ['pocketsphinx', 'pocketsphinx-en-us'],
} as const;

/**
 * The files of the `sensevoice-small` model the manager installs (features/models/manifest.ts)
 * and the audio feature's engine opens; here, not in the manifest, so that engine's process
 * loads no more than constants.
 */
export const senseVoiceFiles = { model: 'model.int8.onnx', tokens: 'tokens.txt', vad: 'silero_vad.onnx' } as const;

/** Speech: audio clips, the recognisers and microphone capture (features/audio). */
export const audio = {
  sampleRateMin: 8000,
  sampleRateMax: 48000,
  clipSecondsMax: 30,
  /** Chunks a WAV may have besides fmt and data (LIST, fact, ...); a file with more is hostile. */
  wavChunksMax: 64,
  /** Room for metadata chunks on top of the largest valid data chunk. */
  wavMetadataMaxBytes: 256 * 1024,
  /** What every recogniser is fed. */
  recogniserSampleRate: 16000,
  /** Speex quality 0..10; 7 keeps a steep low-pass well under the new Nyquist at little cost. */
  resamplerQuality: 7,
  /** A clip whose loudest sample stays under this (of 32767, about −44 dBFS) is silence: no recognition. */
  silencePeakMax: 200,
  /** Clips waiting for a recogniser beyond the one being decoded; more is a 503, not unbounded memory. */
  recognitionQueueMax: 4,
  /** A recogniser taking longer than this on one clip is killed and restarted. */
  recognitionTimeoutMs: 60_000,
  /** Decoder processes kept warm at once (one per course vocabulary in use, plus the generic one). */
  enginesWarmMax: 2,
  /**
   * The course vocabulary is rebuilt (in the background) after this many new entries, so the
   * words of the class itself join its language model without a rebuild per clip.
   */
  vocabularyRebuildEveryEntries: 10,
  /** Transcript characters (the newest) that feed the course vocabulary. */
  vocabularyTranscriptMaxChars: 200_000,
  /** Material characters that feed the course vocabulary. */
  vocabularyMaterialMaxChars: 2_000_000,
  /** How many of the session's latest lines the near-duplicate filter compares against. */
  duplicateWindowLines: 5,
  /** Word-level similarity (0..1) at or above which a recognised line repeats a recent one. */
  duplicateSimilarityMin: 0.8,
  /** Microphone: `audio.level` frames per second at most. */
  levelEventsPerSecondMax: 10,
  /** WebRTC VAD aggressiveness 0..3. */
  vadMode: 2,
  vadFrameMs: 10,
  /** Silence that ends a speech segment, and the shortest segment worth recognising. */
  segmentEndSilenceMs: 500,
  segmentMinSpeechMs: 300,
  /** A segment is cut here even without a pause, so a lecturer who never stops still gets lines. */
  segmentMaxSeconds: 20,
  /** Audio kept before the first voiced frame, so the first syllable is not clipped. */
  segmentPreRollMs: 200,
  /** Listing devices (pactl / arecord -L) may take this long before it counts as failed. */
  deviceQueryTimeoutMs: 5000,
  /** Speaker adaptation of pocketsphinx (speaker-adaptation.ts), when SphinxTrain is installed. */
  adaptation: {
    /** Debian `sphinxtrain` installs `bw` and `mllr_solve` here, off the search path. */
    sphinxtrainDir: '/usr/lib/sphinxtrain',
    packages: ['sphinxtrain', 'sphinxbase-utils'],
    /** Recognised speech of a class before its first transform is estimated. */
    firstAfterSeconds: 20,
    /** New speech after which the model is estimated again. */
    everySeconds: 60,
    /** The newest speech an estimate uses (also what is kept in memory: ~5.8 MB per class). */
    speechMaxSeconds: 180,
    /** One tool run (features, alignment, solve) is killed after this. */
    toolTimeoutMs: 120_000,
  },
} as const;
