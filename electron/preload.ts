// The preload exposes exactly the contract table (electron/contract/bridge.ts builds it from
// shared/contract.ts): no generic invoke, no Electron objects reach the window.
import { contextBridge, ipcRenderer } from 'electron';
import { buildBridge } from './contract/bridge';

contextBridge.exposeInMainWorld('watchfloor', buildBridge(ipcRenderer));
