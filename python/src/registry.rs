//! The variants the module knows: built-in ones looked up once and kept, and the ones
//! `load_variant_config` loaded (which take precedence over a built-in of the same name).

use nue::engine::api::{self, Variant};
use pyo3::PyResult;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::functions::error;

static CACHE: Mutex<Option<HashMap<String, Arc<dyn Variant>>>> = Mutex::new(None);
static LOADED: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The variant called `name`.
pub fn get(name: &str) -> PyResult<Arc<dyn Variant>> {
    let key = name.to_ascii_lowercase();
    if let Some(v) = CACHE
        .lock()
        .ok()
        .and_then(|c| c.as_ref().and_then(|m| m.get(&key).cloned()))
    {
        return Ok(v);
    }
    let v = api::variant(name).map_err(|e| error::new_err(e.0))?;
    if let Ok(mut c) = CACHE.lock() {
        c.get_or_insert_with(HashMap::new).insert(key, v.clone());
    }
    Ok(v)
}

/// Adds loaded variants under their names.
pub fn add(variants: Vec<(String, Arc<dyn Variant>)>) {
    let (Ok(mut c), Ok(mut loaded)) = (CACHE.lock(), LOADED.lock()) else {
        return;
    };
    for (name, v) in variants {
        let key = name.to_ascii_lowercase();
        if !loaded.contains(&key) && !nue::engine::registry::variant_names().contains(&key) {
            loaded.push(key.clone());
        }
        c.get_or_insert_with(HashMap::new).insert(key, v);
    }
}

/// Every variant name: the built-in ones, then the loaded ones.
pub fn names() -> Vec<String> {
    let mut names = nue::engine::registry::variant_names();
    if let Ok(loaded) = LOADED.lock() {
        names.extend(loaded.iter().cloned());
    }
    names
}
