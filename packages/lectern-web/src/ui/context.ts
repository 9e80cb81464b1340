import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { dictionaries, type Words } from '../i18n.js';
import type { Workspace } from '../workspace.js';

export const WorkspaceContext = createContext<Workspace | null>(null);
export const WordsContext = createContext<Words>(dictionaries.en);

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('useWorkspace outside the workspace');
  return workspace;
}

export function useWords(): Words {
  return useContext(WordsContext);
}
