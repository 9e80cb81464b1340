/**
 * Frames and records of features built in parallel with this page (audio capture, the model
 * runtime), typed here from the contract until they are in Lectern's OpenAPI document.
 */
export interface RuntimePart {
  model_id: string;
  state: 'cold' | 'warming' | 'ready' | 'failed';
  error: string | null;
}
export interface ModelsRuntime {
  ready: boolean;
  asr: RuntimePart;
  llm: RuntimePart;
}
export type ContractOnlyFrame =
  | { type: 'audio.level'; session_id: string | null; data: { peak: number } }
  | { type: 'audio.partial'; session_id: string | null; data: { text: string } }
  | { type: 'audio.error'; session_id: string | null; data: { code: string; message: string } }
  | { type: 'audio.stopping'; session_id: string | null; data: Record<string, unknown> }
  | { type: 'models.runtime'; session_id: string | null; data: ModelsRuntime };
