// Step 2a contracts: filled by the capability that owns this file.
export {};
