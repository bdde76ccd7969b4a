// Keeps every layer library non-empty while a layer is being filled in.
