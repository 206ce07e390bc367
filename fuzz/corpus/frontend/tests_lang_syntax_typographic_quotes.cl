// Tests syntax.invalid-character: typographic quotes pasted from a document, shown as code points.
gpu g { vendor = “NVIDIA” }
