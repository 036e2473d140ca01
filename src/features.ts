// The service features that plug into every process (API and workers): imported for effect.
export {};
