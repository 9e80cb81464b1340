import { failureOf, unwrap, type MaterialSummary } from '../api/client.js';
import { WorkspaceController } from './controller.js';
import { messageOf } from './feedback.js';
import type { Upload } from './state.js';

/** The course materials: the list, uploads with their progress, and a slide's text for a citation. */
export class MaterialsController extends WorkspaceController {
  /** Numbers the uploads of this page, so each progress row updates its own entry. */
  private uploadCounter = 0;

  /** Throws on failure: the caller decides how to report it (a resync reports all its reads as one). */
  async load(): Promise<void> {
    const { items } = await unwrap(this.backend.api.GET('/api/v2/materials'));
    this.store.update({ materials: items });
  }

  /** A `material.created` frame: the material first, replacing an older copy of it. */
  acceptCreated(material: MaterialSummary): void {
    this.store.update((state) => ({ materials: [material, ...state.materials.filter((m) => m.id !== material.id)] }));
  }

  /** The text of one page (slide) of a material, for a citation in an answer; null if it has none. */
  async pageText(materialId: string, page: number): Promise<string | null> {
    const material = await this.feedback.attempt(() => unwrap(this.backend.api.GET('/api/v2/materials/{id}', { params: { path: { id: materialId } } })));
    return material?.page_texts.find((item) => item.number === page)?.text ?? null;
  }

  /** Uploads with XMLHttpRequest: fetch reports no upload progress. */
  upload(file: File): Promise<MaterialSummary | null> {
    this.uploadCounter += 1;
    const id = this.uploadCounter;
    const setUpload = (patch: Partial<Upload>) => this.store.update((state) => ({
      uploads: state.uploads.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)),
    }));
    this.store.update((state) => ({ uploads: [{ id, filename: file.name, progress: 0, state: 'uploading', message: null }, ...state.uploads] }));
    return new Promise((resolve) => {
      const request = new XMLHttpRequest();
      request.open('POST', this.backend.url('/api/v2/materials'));
      request.setRequestHeader('authorization', `Bearer ${this.backend.token}`);
      request.upload.onprogress = (event) => {
        if (event.lengthComputable) setUpload({ progress: event.loaded / event.total });
      };
      request.onload = () => {
        let body: unknown = null;
        try {
          body = JSON.parse(request.responseText);
        } catch {
          body = null;
        }
        if (request.status === 201) {
          setUpload({ progress: 1, state: 'uploaded' });
          void this.feedback.attempt(() => this.load());
          resolve(body as MaterialSummary);
        } else {
          const failure = failureOf(new Response(null, { status: request.status }), body);
          setUpload({ state: 'refused', message: messageOf(failure) });
          resolve(null);
        }
      };
      request.onerror = () => {
        setUpload({ state: 'refused', message: 'The upload failed (network)' });
        resolve(null);
      };
      const form = new FormData();
      form.append('file', file, file.name);
      request.send(form);
    });
  }
}
