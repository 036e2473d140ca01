// The service features that plug into every process (API and workers): imported for effect.
import './service/async/index.js';
import './players/feature.js';
